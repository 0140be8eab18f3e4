// Moving between screens without reloading: push the address, then let main.js route it.

export function navigate(url, { replace = false } = {}) {
  if (replace) history.replaceState({}, "", url);
  else history.pushState({}, "", url);
  window.dispatchEvent(new Event("fivedice:route"));
}

/** Make in-page links (data-link) navigate without a reload. */
export function linkClicks(root) {
  root.addEventListener("click", (event) => {
    const a = event.target.closest("a[data-link]");
    if (!a || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash); // the hash: a place on the screen (./?daily#past-days)
  });
}
