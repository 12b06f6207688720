"""Kernel files are imported with their folder on sys.path; two folders with a helper
module of the same name (each suite's `_sig.py`) must each get their own."""
from __future__ import annotations

from eqsat.frontend._cutile import load_module


def test_each_kernel_folder_gets_its_own_helper_module(tmp_path):
    for tag in ("a", "b"):
        d = tmp_path / tag
        d.mkdir()
        (d / "_helper.py").write_text(f"TAG = {tag!r}\n")
        (d / "kernel.py").write_text("from _helper import TAG\n")
    assert load_module(tmp_path / "a" / "kernel.py").TAG == "a"
    assert load_module(tmp_path / "b" / "kernel.py").TAG == "b"
    assert load_module(tmp_path / "a" / "kernel.py").TAG == "a"
