// Who you are on this page: the account signed in (a guest's from the first visit), held here
// and nowhere else. Whatever depends on it (the name you sit down with, the seats this tab
// plays, the daily challenge, quick match, the screen shown) reads it here and hears when it
// changes, so signing in, claiming and signing out take effect at once, without a reload.

let current = null;
let finding = null; // the account being found out (the first visit, a sign-out's new guest)
const listeners = new Set();

/** The account signed in ({id, name, username, kind}), or null while unknown. */
export function currentAccount() {
  return current;
}

/** The account once known, as it is then (null when the server could not give one). Asked
 * after signing in, it is the new account, never the one the page loaded with. */
export async function accountReady() {
  while (finding) {
    const asked = finding;
    await asked.catch(() => null);
    if (finding === asked) break;
  }
  return current;
}

/** The account is being found out: accountReady() waits for `promise` meanwhile. */
export function findingAccount(promise) {
  finding = promise;
  const done = () => {
    if (finding === promise) finding = null;
  };
  promise.then(done, done);
}

/** Whether two accounts are two people (not one account under a new name, as after a claim). */
export function anotherPerson(before, after) {
  return (before ? before.id : null) !== (after ? after.id : null);
}

function sameAccount(before, after) {
  if (!before || !after) return before === after;
  return before.id === after.id && before.name === after.name && before.kind === after.kind;
}

/** The page is now `account`'s: each listener hears (account, previous), in the order they
 * began listening. Only the account module says so. */
export function becomeAccount(account) {
  const previous = current;
  current = account || null;
  if (sameAccount(previous, current)) return;
  for (const listener of [...listeners]) listener(current, previous);
}

/** Hear every change of account from now on; the answer stops listening. */
export function onAccountChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
