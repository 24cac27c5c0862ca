"""Tests of the web server and its storage (a package: tests/browser has a conftest too)."""
