// The account: a guest opened silently at the first visit, and the header's account menu
// (claim, sign in, sign out, sign out everywhere, delete, API tokens). The session lives in
// an HttpOnly cookie the page never reads; the page keeps only the session's CSRF token,
// which api.js sends with every write.

import { accounts, setSession, waitForAccount } from "./api.js";
import { copyText, fill, h, toast } from "./dom.js";
import { navigate } from "./router.js";

let current = null;
let menuButton = null;
let menu = null;
let dialog = null;

/** The account signed in ({id, name, username, kind}), or null while unknown. */
export function currentAccount() {
  return current;
}

function adopt(session) {
  current = session ? session.account : null;
  setSession(session ? session.csrf_token : null);
  render();
  window.dispatchEvent(new CustomEvent("fivedice:account", { detail: current }));
  return current;
}

/** The session this browser has, or a new guest's: no form to fill. (Asked of the session
 * route, which answers a browser with no session yet without a refusal.) */
async function signedIn() {
  const session = await accounts.session();
  if (session.account) return adopt(session);
  try {
    return adopt(await accounts.guest());
  } catch (error) {
    if (error.status === 429 || error.status === 0) retryGuest();
    throw error;
  }
}

/** Asked again later when the server was busy or away (many guests from one address): the
 * page plays on without an account meanwhile, and takes the guest when it comes. */
function retryGuest(delay = 10000) {
  setTimeout(async () => {
    if (current) return;
    try {
      adopt(await accounts.guest());
    } catch (error) {
      if (error.status === 429 || error.status === 0) retryGuest(Math.min(delay * 2, 120000));
    }
  }, delay);
}

let ready = null;

/** The account, opening a guest now if the first visit could not (the daily challenge needs
 * one: an attempt is an account's). */
export async function ensureAccount() {
  const known = ready ? await ready : null;
  if (known || current) return known || current;
  return adopt(await accounts.guest());
}

/** The account, once known (null if the server could not give one: play goes on without). */
export function accountReady() {
  return ready;
}

export function setupAccount(root) {
  menuButton = h("button", { type: "button", class: "account-button", id: "account-button", "aria-haspopup": "true", "aria-expanded": "false", onclick: () => toggleMenu() });
  menu = h("div", { class: "account-menu panel", id: "account-menu", hidden: true });
  dialog = h("dialog", { class: "account-dialog panel", id: "account-dialog" });
  fill(root, menuButton, menu);
  document.body.append(dialog);
  document.addEventListener("click", (event) => {
    if (!menu.hidden && !root.contains(event.target)) toggleMenu(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !menu.hidden) toggleMenu(false);
  });
  ready = signedIn().catch((error) => {
    toast(`Playing without an account: ${error.message}`, "error");
    return null;
  });
  waitForAccount(ready);
  render();
  return ready;
}

function toggleMenu(open = menu.hidden) {
  menu.hidden = !open;
  menuButton.setAttribute("aria-expanded", String(open));
  if (open) menu.querySelector("button")?.focus();
}

function render() {
  if (!menuButton) return;
  const name = current ? current.name : "…";
  fill(
    menuButton,
    h("span", { class: "account-avatar", "aria-hidden": "true" }, name.slice(0, 1).toUpperCase()),
    h("span", { class: "visually-hidden" }, "Account: "),
    h("span", { class: "account-name" }, name),
  );
  // The name it speaks is the text it shows (a voice command names what it sees).
  menuButton.removeAttribute("aria-label");
  menuButton.dataset.kind = current ? current.kind : "";
  const item = (label, action, extra = {}) =>
    h("button", { type: "button", class: "button ghost small menu-item", ...extra, onclick: () => { toggleMenu(false); action(); } }, label);
  const guest = current && current.kind === "guest";
  fill(
    menu,
    h("p", { class: "small muted account-who" }, current ? (guest ? `${current.name}: a guest account on this browser` : `Signed in as ${current.name}`) : "No account"),
    current ? item("My profile", () => navigate(`./?view=profile&account=${encodeURIComponent(current.id)}`), { id: "account-profile" }) : null,
    current && guest ? item("Claim this account", claimDialog, { id: "account-claim" }) : null,
    item("Sign in", signInDialog, { id: "account-sign-in" }),
    current && !guest ? item("Sign out", signOut, { id: "account-sign-out" }) : null,
    current && !guest ? item("Sign out everywhere", signOutEverywhere, { id: "account-sign-out-everywhere" }) : null,
    current ? item("API tokens", tokensDialog, { id: "account-tokens" }) : null,
    current ? item("Delete account", deleteDialog, { id: "account-delete", class: "button ghost small menu-item danger" }) : null,
  );
}

// Dialogs ------------------------------------------------------------------------------------

function openDialog(title, ...content) {
  fill(
    dialog,
    h("div", { class: "panel-head" }, h("h2", {}, title), h("button", { type: "button", class: "button ghost small", "aria-label": "Close", onclick: () => dialog.close() }, "×")),
    ...content,
  );
  if (!dialog.open) dialog.showModal();
  dialog.querySelector("input, button.primary")?.focus();
}

function errorLine() {
  return h("p", { class: "form-error small", role: "alert" });
}

/** A username and password form; `submit` gets them and may throw an ApiError to show. */
function credentialsForm(submitLabel, passwordAutocomplete, submit, note = null) {
  const username = h("input", { type: "text", name: "username", required: true, minlength: "3", maxlength: "24", autocomplete: "username", autocapitalize: "none", spellcheck: "false" });
  const password = h("input", { type: "password", name: "password", required: true, minlength: "8", maxlength: "256", autocomplete: passwordAutocomplete });
  const error = errorLine();
  const button = h("button", { type: "submit", class: "button primary" }, submitLabel);
  return h(
    "form",
    {
      class: "account-form",
      onsubmit: async (event) => {
        event.preventDefault();
        button.disabled = true;
        error.textContent = "";
        try {
          await submit(username.value.trim(), password.value);
          dialog.close();
        } catch (failure) {
          error.textContent = failure.message;
        } finally {
          button.disabled = false;
        }
      },
    },
    note,
    h("label", { class: "field" }, "Username", username),
    h("label", { class: "field" }, "Password", password),
    error,
    h("div", { class: "form-actions" }, button),
  );
}

function claimDialog() {
  openDialog(
    "Claim this account",
    credentialsForm("Claim", "new-password", async (username, password) => {
      current = await accounts.claim(username, password);
      render();
      window.dispatchEvent(new CustomEvent("fivedice:account", { detail: current }));
      toast(`This account is yours now: ${current.name}`);
    }, h("p", { class: "small muted" }, "Choose a username (3 to 24 characters) and a password (at least 8). Your seats and tables stay with you, and you can sign in from any browser.")),
  );
}

function signInDialog() {
  const note = current && current.kind === "guest"
    ? h("p", { class: "small muted" }, "Signing in leaves this guest account: claim it first if you want to keep its seats.")
    : null;
  openDialog(
    "Sign in",
    credentialsForm("Sign in", "current-password", async (username, password) => {
      adopt(await accounts.signIn(username, password));
      toast(`Signed in as ${current.name}`);
      window.dispatchEvent(new Event("fivedice:route"));
    }, note),
  );
}

async function signOut() {
  try {
    await accounts.signOut();
  } catch (error) {
    if (error.status !== 401) return toast(error.message, "error");
  }
  toast("Signed out");
  await startOver();
}

async function startOver() {
  adopt(null);
  ready = signedIn().catch(() => null);
  waitForAccount(ready);
  await ready;
}

function confirmDialog(title, text, label, action) {
  const error = errorLine();
  openDialog(
    title,
    h("p", {}, text),
    error,
    h(
      "div",
      { class: "form-actions" },
      h("button", { type: "button", class: "button", onclick: () => dialog.close() }, "Cancel"),
      h("button", {
        type: "button",
        class: "button primary danger-fill",
        id: "account-confirm",
        onclick: async () => {
          try {
            await action();
            dialog.close();
          } catch (failure) {
            error.textContent = failure.message;
          }
        },
      }, label),
    ),
  );
}

function signOutEverywhere() {
  confirmDialog("Sign out everywhere", "Every browser signed in to this account is signed out, this one too. API tokens keep working until you revoke them.", "Sign out everywhere", async () => {
    const ended = await accounts.signOutEverywhere();
    toast(`Signed out of ${ended.sessions_ended} browser${ended.sessions_ended === 1 ? "" : "s"}`);
    await startOver();
  });
}

function deleteDialog() {
  confirmDialog("Delete account", `Delete ${current.name} for good? Its matches stay, shown as a deleted player; its sign-ins and API tokens end. This cannot be undone.`, "Delete my account", async () => {
    await accounts.remove();
    toast("Account deleted");
    await startOver();
  });
}

async function tokensDialog() {
  const list = h("ul", { class: "token-list" });
  const shown = h("div", { class: "token-shown" });
  const label = h("input", { type: "text", name: "label", required: true, maxlength: "64", placeholder: "e.g. my bot" });
  const error = errorLine();
  const refresh = async () => {
    try {
      const tokens = await accounts.tokens();
      fill(
        list,
        tokens.length
          ? tokens.map((t) =>
              h("li", { dataset: { tokenId: String(t.id) } }, h("span", {}, t.label, h("span", { class: "muted small" }, ` · ${new Date(t.created_at).toLocaleDateString()}`)),
                h("button", { type: "button", class: "button small danger", onclick: async () => {
                  await accounts.revokeToken(t.id).catch((failure) => toast(failure.message, "error"));
                  toast(`Revoked ${t.label}`);
                  refresh();
                } }, "Revoke")),
            )
          : h("li", { class: "muted" }, "No API tokens yet."),
      );
    } catch (failure) {
      error.textContent = failure.message;
    }
  };
  const form = h(
    "form",
    {
      class: "account-form token-form",
      onsubmit: async (event) => {
        event.preventDefault();
        error.textContent = "";
        try {
          const made = await accounts.createToken(label.value.trim());
          label.value = "";
          const value = h("input", { type: "text", readonly: true, value: made.token, class: "token-value", "aria-label": "The new API token" });
          fill(
            shown,
            h("p", { class: "small" }, h("strong", {}, "Copy it now: "), "it is shown only this once. A program sends it as ", h("code", {}, "Authorization: Bearer …"), " and plays as this account, shown as a bot."),
            h("div", { class: "row" }, value, h("button", { type: "button", class: "button small", onclick: async () => toast((await copyText(made.token)) ? "Copied" : "Select it and copy", "info") }, "Copy")),
          );
          refresh();
        } catch (failure) {
          error.textContent = failure.message;
        }
      },
    },
    h("label", { class: "field" }, "New token's label", label),
    error,
    h("div", { class: "form-actions" }, h("button", { type: "submit", class: "button primary" }, "Create a token")),
  );
  openDialog("API tokens", h("p", { class: "small muted" }, "A program plays through the protocol as this account with a token (the API is described at ", h("a", { href: "/docs", target: "_blank", rel: "noopener" }, "/docs"), ")."), shown, list, form);
  refresh();
}
