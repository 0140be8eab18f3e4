// The account menu in the header (claim, sign in, sign out, sign out everywhere, delete, API
// tokens), and the guest opened silently at the first visit. Who is signed in is held by
// identity.js, which this module alone tells. The session lives in an HttpOnly cookie the
// page never reads; the page keeps only the session's CSRF token, which api.js sends with
// every write.

import { accounts, setSession, waitForAccount } from "./api.js";
import { dayDateText } from "./dates.js";
import { copyText, fill, h, toast } from "./dom.js";
import { t, tNodes, accountName } from "./i18n.js";
import { accountReady, becomeAccount, currentAccount, findingAccount, onAccountChange } from "./identity.js";
import { navigate } from "./router.js";

let menuButton = null;
let menu = null;
let dialog = null;

/** The page's account is the session's (null: none): identity.js tells every listener. */
function adopt(session) {
  setSession(session ? session.csrf_token : null);
  becomeAccount(session ? session.account : null);
  return currentAccount();
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
    if (currentAccount()) return;
    try {
      adopt(await accounts.guest());
    } catch (error) {
      if (error.status === 429 || error.status === 0) retryGuest(Math.min(delay * 2, 120000));
    }
  }, delay);
}

/** Find out the account (the session's, or a new guest's); page writes and accountReady()
 * wait for it meanwhile. */
function findAccount() {
  const found = signedIn();
  findingAccount(found);
  waitForAccount(found);
  return found;
}

/** The account, opening a guest now if the first visit could not (the daily challenge needs
 * one: an attempt is an account's). */
export async function ensureAccount() {
  return (await accountReady()) || adopt(await accounts.guest());
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
    if (event.key !== "Escape" || menu.hidden) return;
    // The focus goes back to the button that opened the menu (a menu item it was on is hidden).
    const inMenu = menu.contains(document.activeElement);
    toggleMenu(false);
    if (inMenu) menuButton.focus();
  });
  onAccountChange(render);
  render();
  return findAccount().catch((error) => {
    toast(t("account.without", { reason: error.message }), "error");
    return null;
  });
}

function toggleMenu(open = menu.hidden) {
  menu.hidden = !open;
  menuButton.setAttribute("aria-expanded", String(open));
  if (open) menu.querySelector("button")?.focus();
}

function render() {
  if (!menuButton) return;
  const current = currentAccount();
  const name = current ? accountName(current.name) : "…";
  fill(
    menuButton,
    h("span", { class: "account-avatar", "aria-hidden": "true" }, name.slice(0, 1).toUpperCase()),
    // "Account: Kim" is heard; only the name is seen.
    tNodes("account.button", { name: h("span", { class: "account-name" }, name) }).map((part) => (typeof part === "string" ? h("span", { class: "visually-hidden" }, part) : part)),
  );
  // The name it speaks is the text it shows (a voice command names what it sees).
  menuButton.removeAttribute("aria-label");
  menuButton.dataset.kind = current ? current.kind : "";
  const item = (label, action, extra = {}) =>
    h("button", { type: "button", class: "button ghost small menu-item", ...extra, onclick: () => { toggleMenu(false); action(); } }, label);
  const guest = current && current.kind === "guest";
  fill(
    menu,
    h("p", { class: "small muted account-who" }, current ? t(guest ? "account.who.guest" : "account.who.signed_in", { name: accountName(current.name) }) : t("account.who.none")),
    current ? item(t("account.menu.profile"), () => navigate(`./?view=profile&account=${encodeURIComponent(current.id)}`), { id: "account-profile" }) : null,
    current && guest ? item(t("account.claim.title"), claimDialog, { id: "account-claim" }) : null,
    item(t("account.sign_in.title"), signInDialog, { id: "account-sign-in" }),
    current && !guest ? item(t("account.sign_out"), signOut, { id: "account-sign-out" }) : null,
    current && !guest ? item(t("account.everywhere.title"), signOutEverywhere, { id: "account-sign-out-everywhere" }) : null,
    current ? item(t("account.tokens.title"), tokensDialog, { id: "account-tokens" }) : null,
    current ? item(t("account.delete.title"), deleteDialog, { id: "account-delete", class: "button ghost small menu-item danger" }) : null,
  );
}

// Dialogs ------------------------------------------------------------------------------------

function openDialog(title, ...content) {
  fill(
    dialog,
    h("div", { class: "panel-head" }, h("h2", {}, title), h("button", { type: "button", class: "button ghost small", "aria-label": t("account.close"), onclick: () => dialog.close() }, "×")),
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
    h("label", { class: "field" }, t("account.username"), username),
    h("label", { class: "field" }, t("account.password"), password),
    error,
    h("div", { class: "form-actions" }, button),
  );
}

function claimDialog() {
  openDialog(
    t("account.claim.title"),
    credentialsForm(t("account.claim.button"), "new-password", async (username, password) => {
      // The same session and account, now under its username.
      const claimed = await accounts.claim(username, password);
      becomeAccount(claimed);
      toast(t("account.claim.done", { name: accountName(claimed.name) }));
    }, h("p", { class: "small muted" }, t("account.claim.note"))),
  );
}

function signInDialog() {
  const current = currentAccount();
  const note = current && current.kind === "guest"
    ? h("p", { class: "small muted" }, t("account.sign_in.note"))
    : null;
  openDialog(
    t("account.sign_in.title"),
    credentialsForm(t("account.sign_in.title"), "current-password", async (username, password) => {
      const account = adopt(await accounts.signIn(username, password));
      toast(t("account.who.signed_in", { name: accountName(account.name) }));
    }, note),
  );
}

async function signOut() {
  try {
    await accounts.signOut();
  } catch (error) {
    if (error.status !== 401) return toast(error.message, "error");
  }
  toast(t("account.signed_out"));
  await startOver();
}

/** After the session ended: a new guest, straight from the account before (no moment
 * without one for the page to draw); none if the server cannot open one now. */
async function startOver() {
  setSession(null);
  try {
    await findAccount();
  } catch {
    becomeAccount(null);
  }
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
      h("button", { type: "button", class: "button", onclick: () => dialog.close() }, t("account.cancel")),
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
  confirmDialog(t("account.everywhere.title"), t("account.everywhere.text"), t("account.everywhere.title"), async () => {
    const ended = await accounts.signOutEverywhere();
    toast(t("account.everywhere.done", { count: ended.sessions_ended }));
    await startOver();
  });
}

function deleteDialog() {
  confirmDialog(t("account.delete.title"), t("account.delete.text", { name: accountName(currentAccount().name) }), t("account.delete.button"), async () => {
    await accounts.remove();
    toast(t("account.delete.done"));
    await startOver();
  });
}

async function tokensDialog() {
  const list = h("ul", { class: "token-list" });
  const shown = h("div", { class: "token-shown" });
  const label = h("input", { type: "text", name: "label", required: true, maxlength: "64", placeholder: t("account.tokens.placeholder") });
  const error = errorLine();
  const refresh = async () => {
    try {
      const tokens = await accounts.tokens();
      fill(
        list,
        tokens.length
          ? tokens.map((token) =>
              h("li", { dataset: { tokenId: String(token.id) } }, h("span", {}, token.label, h("span", { class: "muted small" }, ` · ${dayDateText(token.created_at)}`)),
                h("button", { type: "button", class: "button small danger", onclick: async () => {
                  await accounts.revokeToken(token.id).catch((failure) => toast(failure.message, "error"));
                  toast(t("account.tokens.revoked", { label: token.label }));
                  refresh();
                } }, t("account.tokens.revoke"))),
            )
          : h("li", { class: "muted" }, t("account.tokens.none")),
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
          const value = h("input", { type: "text", readonly: true, value: made.token, class: "token-value", "aria-label": t("account.tokens.new_token") });
          fill(
            shown,
            h("p", { class: "small" }, tNodes("account.tokens.shown", { copy_now: h("strong", {}, t("account.tokens.copy_now")), header: h("code", {}, "Authorization: Bearer …") })), // i18n: not text (an HTTP header)
            h("div", { class: "row" }, value, h("button", { type: "button", class: "button small", onclick: async () => toast((await copyText(made.token)) ? t("account.tokens.copied") : t("account.tokens.select_and_copy"), "info") }, t("account.tokens.copy"))),
          );
          refresh();
        } catch (failure) {
          error.textContent = failure.message;
        }
      },
    },
    h("label", { class: "field" }, t("account.tokens.label"), label),
    error,
    h("div", { class: "form-actions" }, h("button", { type: "submit", class: "button primary" }, t("account.tokens.create"))),
  );
  openDialog(t("account.tokens.title"), h("p", { class: "small muted" }, tNodes("account.tokens.intro", { docs: h("a", { href: "/docs", target: "_blank", rel: "noopener" }, "/docs") })), shown, list, form);
  refresh();
}
