"""The browser page: static HTML, CSS and ES-module JavaScript, served by the server at ``/``."""
