// The card's row of names kept in sight on a phone, as the terminal game keeps it: while the
// card scrolls up beneath the bar of dice (which sticks at the top of the window), the names row
// stays right under the bar and the card's rows pass beneath it.
//
// CSS `position: sticky` cannot do this here: with many players the card's box scrolls sideways
// (eight columns are wider than a phone), and a box that scrolls one way holds its sticky
// children in both, so the names would stick to the card's box, not to the window. Instead the
// names row stays in the table (it scrolls sideways with its columns, and screen readers keep
// it as the columns' heads) and is moved down by --card-head-shift, the distance the card has
// gone up under the bar; fit.css draws it there. The bar's height changes (a hint opens, the
// turn's line wraps), hence the ResizeObserver; it also keeps the top bar's own height in
// --topbar-height, where the bar sticks (on the narrowest phones the top bar takes two lines).
// The bar is marked `stuck` while it sticks, and --covered-by-bar keeps how much of the window's
// top the bar and the names cover, which the page's scroll padding leaves free.

/** Keep the names row of the card in `scroller` right under `bar` while the page scrolls;
 * returns a function that puts the row back and stops. */
export function keepNamesUnderBar(bar, scroller) {
  const place = () => {
    const table = scroller.querySelector(".scorecard");
    const head = table && table.tHead;
    if (!head) return;
    // The bar sticks only on a phone or tablet during play; elsewhere the names stay put.
    const sticks = getComputedStyle(bar).position === "sticky";
    const at = bar.getBoundingClientRect();
    bar.classList.toggle("stuck", sticks && at.top <= parseFloat(getComputedStyle(bar).top) + 0.5);
    const gone = at.bottom - table.getBoundingClientRect().top;
    const room = table.offsetHeight - head.offsetHeight; // the row goes no lower than the card's end
    const shift = sticks ? Math.min(Math.max(gone, 0), Math.max(room, 0)) : 0;
    scroller.style.setProperty("--card-head-shift", `${Math.round(shift)}px`);
    // What covers the top of the window while the bar sticks: a box scrolled into view (by
    // focus, the arrows, or a finger's tap) lands below it, not under the names (fit.css).
    const covered = sticks ? bar.offsetHeight + head.offsetHeight : 0;
    document.documentElement.style.setProperty("--covered-by-bar", `${covered}px`);
  };
  const topbar = document.querySelector(".topbar");
  const resized = new ResizeObserver(() => {
    if (topbar) document.documentElement.style.setProperty("--topbar-height", `${topbar.offsetHeight}px`);
    place();
  });
  if (topbar) resized.observe(topbar);
  resized.observe(bar);
  resized.observe(scroller);
  window.addEventListener("scroll", place, { passive: true });
  window.addEventListener("resize", place);
  place();
  return () => {
    resized.disconnect();
    window.removeEventListener("scroll", place);
    window.removeEventListener("resize", place);
    scroller.style.removeProperty("--card-head-shift");
    document.documentElement.style.removeProperty("--covered-by-bar");
    document.documentElement.style.removeProperty("--topbar-height");
  };
}
