// "Your name": the name you sit down at a table with. It is your account's own name unless
// you typed another while signed in to that account, so it follows who you are: after a
// claim it is the new username, after signing in or out the other account's name.

import { accountName } from "./i18n.js";
import { currentAccount } from "./identity.js";

const NAME_KEY = "fivedice.name"; // {name, account}: a name typed, and whose account it is for

function typedName() {
  try {
    const kept = JSON.parse(localStorage.getItem(NAME_KEY) || "null");
    // Before names were kept per account they were a bare string: whose, nobody can tell.
    return kept && typeof kept === "object" && typeof kept.name === "string" ? kept : null;
  } catch {
    return null;
  }
}

/** The name to sit down with as `account` (by default, the account signed in now). */
export function playerName(account = currentAccount()) {
  const typed = typedName();
  const owner = account ? account.id : null;
  if (typed && typed.account === owner) return typed.name;
  return account ? accountName(account.name) : "";
}

/** Keep the name the player typed, for the account signed in; their account's own name (or
 * none) is not kept, so that it follows the account when it changes. */
export function setPlayerName(name, account = currentAccount()) {
  try {
    if (!name || (account && name === accountName(account.name))) localStorage.removeItem(NAME_KEY);
    else localStorage.setItem(NAME_KEY, JSON.stringify({ name, account: account ? account.id : null }));
  } catch {
    /* storage blocked: the name lasts as long as the page */
  }
}
