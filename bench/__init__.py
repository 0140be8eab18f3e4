"""Benchmarks: each module's ``main()`` prints its figures (``python -m bench`` runs them all)."""
