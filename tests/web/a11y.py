"""Accessibility checks for the browser tests: axe-core (from npm, node_modules/axe-core) run in
the page, failing on any serious or critical violation, in each theme; the layout shift a page
has had so far; where the keyboard focus is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
THEMES = ("light", "dark")


def _inject(page: Page) -> None:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `make install-test` (it installs axe-core with npm)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it stands."""
    _inject(page)
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const result = await axe.run(document, { resultTypes: ["violations"] });
          return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            targets: v.nodes.map((n) => n.target.join(" ") + " :: " + n.failureSummary),
          }));
        }"""
    )
    return [v for v in found if v["impact"] in BLOCKING]


def report(where: str, found: list[dict[str, Any]]) -> str:
    """The violations as lines a person can act on: id, help, and each element."""
    lines = [f"{where}: {len(found)} serious or critical axe-core violation(s)"]
    for v in found:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']}")
        lines.extend(f"    {target}" for target in v["targets"][:8])
    return "\n".join(lines)


def set_theme(page: Page, theme: str) -> None:
    """Switch the theme as the toggle does (the stylesheet keys on data-theme), and wait for
    the colour transitions to finish (axe measures the colours as they stand)."""
    page.evaluate(
        """async (t) => {
          document.documentElement.dataset.theme = t;
          // Bounded: a frame or a transition that never comes must not stall the test.
          const within = (p, ms) => Promise.race([p, new Promise((d) => setTimeout(d, ms))]);
          const frames = new Promise((d) => requestAnimationFrame(() => requestAnimationFrame(d)));
          await within(frames, 500);
          const fading = document.getAnimations().filter((a) => a instanceof CSSTransition);
          await within(Promise.all(fading.map((a) => a.finished.catch(() => null))), 2000);
        }""",
        theme,
    )


def assert_accessible(page: Page, where: str) -> None:
    """No serious or critical axe-core violation on the screen, in the light and dark themes
    (the page is left in the theme it had)."""
    before = page.evaluate("() => document.documentElement.dataset.theme")
    failures = []
    for theme in THEMES:
        set_theme(page, theme)
        found = violations(page)
        if found:
            failures.append(report(f"{where}, {theme} theme", found))
    set_theme(page, before)
    assert not failures, "\n".join(failures)


def sideways_scroll(page: Page) -> int:
    """How far the page scrolls sideways (0: it only scrolls down)."""
    return int(
        page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
    )


def focused(page: Page) -> str:
    """What has the keyboard focus, as a short description (tag, id, classes, text)."""
    return str(
        page.evaluate(
            """() => {
              const el = document.activeElement;
              if (!el || el === document.body) return "BODY";
              const text = (el.getAttribute("aria-label") || el.textContent || "").trim();
              return `${el.tagName}#${el.id}.${[...el.classList].join(".")} ${text.slice(0, 40)}`;
            }"""
        )
    )


WATCH_SHIFTS = """(() => {
  window.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
})();"""


def layout_shift(page: Page) -> float:
    """The page's cumulative layout shift so far (shifts after a person's input excluded), as
    the observer added with ``page.add_init_script(WATCH_SHIFTS)`` counted it."""
    return float(page.evaluate("() => window.__shift"))
