"""Histogram plots of simulated scores (matplotlib, imported only when a plot is asked for)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np


def histogram_png(
    counts: Any,
    path: Path,
    title: str,
    rival: Any | None = None,
    rival_name: str | None = None,
) -> None:
    """Write a histogram of final scores counted by value (``counts[s]``: games scoring s), and
    a rival's overlaid, to a PNG file in an existing folder (needs fivedice[plot])."""
    from fivedice.extras import require

    require("plot", "A histogram plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    top = max(len(counts), 0 if rival is None else len(rival), 2)
    bins = np.arange(0, top + 10, 5).tolist()
    ax.hist(np.arange(len(counts)), bins=bins, weights=counts, alpha=0.7, label=title.split(" ")[0])
    if rival is not None:
        ax.hist(
            np.arange(len(rival)), bins=bins, weights=rival, alpha=0.5, label=rival_name or "rival"
        )
        ax.legend()
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100, format="png")  # at `path` itself: no ".png" added to it
    plt.close(fig)
