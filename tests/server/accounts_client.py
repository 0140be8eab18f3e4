"""A browser's worth of account state for the tests: the session cookie (sent by hand, since a
Secure cookie is not sent over the tests' plain http) and the CSRF token the page would send."""

from __future__ import annotations

from typing import Any

import httpx

COOKIE = "__Host-fivedice_session"


def session_cookie(response: httpx.Response, name: str = COOKIE) -> str | None:
    """The session secret a response sets (None if it sets none, "" if it clears it)."""
    for header in response.headers.get_list("set-cookie"):
        first = header.split(";", 1)[0]
        key, _, value = first.partition("=")
        if key.strip() == name:
            return value.strip().strip('"')
    return None


class Browser:
    """One browser: its cookie and CSRF token, carried on every request it makes."""

    def __init__(self, base_url: str) -> None:
        self.client = httpx.Client(base_url=base_url, timeout=10.0)
        self.secret: str | None = None
        self.csrf: str | None = None
        self.account: dict[str, Any] | None = None

    def close(self) -> None:
        """Close the connection pool."""
        self.client.close()

    def headers(self, csrf: bool = True, extra: dict[str, str] | None = None) -> dict[str, str]:
        """The cookie and (for writes) the CSRF token."""
        out: dict[str, str] = {}
        if self.secret:
            out["Cookie"] = f"{COOKIE}={self.secret}"
        if csrf and self.csrf:
            out["X-CSRF-Token"] = self.csrf
        out.update(extra or {})
        return out

    def request(self, method: str, path: str, csrf: bool = True, **kwargs: Any) -> httpx.Response:
        """A request as this browser, keeping any session it is handed."""
        headers = self.headers(csrf, kwargs.pop("headers", None))
        response = self.client.request(method, path, headers=headers, **kwargs)
        secret = session_cookie(response)
        if secret is not None:
            self.secret = secret or None
            if not secret:
                self.csrf = None
        if response.status_code < 300 and response.content:
            data = response.json()
            if isinstance(data, dict) and "csrf_token" in data:
                self.csrf = data["csrf_token"]
                self.account = data["account"]
        return response

    def guest(self) -> dict[str, Any]:
        """Open a guest account (a first visit)."""
        response = self.request("POST", "/api/account/guest")
        assert response.status_code == 201, response.text
        assert self.account is not None
        return self.account

    def claim(self, username: str, password: str) -> httpx.Response:
        """Claim the guest account."""
        answer = self.request(
            "POST", "/api/account/claim", json={"username": username, "password": password}
        )
        if answer.status_code == 200:
            self.account = answer.json()
        return answer

    def sign_in(self, username: str, password: str) -> httpx.Response:
        """Sign in."""
        return self.request(
            "POST", "/api/account/sign-in", json={"username": username, "password": password}
        )


def guest_browser(base_url: str) -> Browser:
    """A new browser at `base_url` with a guest account opened (a first visit)."""
    b = Browser(base_url)
    b.guest()
    return b
