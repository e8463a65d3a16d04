"""The page's pinned downloads: Pyodide from the npm registry (sha512 checked against the
registry's ``dist.integrity``) and the wheels the page installs from PyPI (sha256 pinned,
fetched by ``pip download --require-hashes``), kept in a cache folder.
`drako_rules.webserve` re-exports every public name.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Final

from drako_rules.errors import DrakoError

__all__ = [
    "PYODIDE_FILES",
    "PYODIDE_INTEGRITY",
    "PYODIDE_VERSION",
    "WHEELS",
    "WebBuildError",
    "default_cache_dir",
    "fetch_pyodide",
    "fetch_wheels",
]

#: The version of the ``pyodide`` npm package the page runs on (CPython 3.14 in WebAssembly).
PYODIDE_VERSION: Final = "314.0.7"
#: The registry's ``dist.integrity`` of that version's tarball (``npm view pyodide@V dist``).
PYODIDE_INTEGRITY: Final = "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
_PYODIDE_TARBALL: Final = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
#: The files of the npm package the page loads (the rest are types, maps and demos).
PYODIDE_FILES: Final = (
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
#: The wheels installed in the browser before drako-rules, in install order:
#: ``(requirement, file name, sha256)``; pure Python, so one wheel fits every Python.
WHEELS: Final = (
    (
        "typing-extensions==4.16.0",
        "typing_extensions-4.16.0-py3-none-any.whl",
        "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8",
    ),
    (
        "attrs==26.1.0",
        "attrs-26.1.0-py3-none-any.whl",
        "c647aa4a12dfbad9333ca4e71fe62ddc36f4e63b2d260a37a8b83d2f043ac309",
    ),
    (
        "cattrs==26.2.1",
        "cattrs-26.2.1-py3-none-any.whl",
        "a12aaa3453dc8f633a815293179f08b7421ed18d2575c459c3c736f840beac24",
    ),
    (
        "tomli-w==1.2.0",
        "tomli_w-1.2.0-py3-none-any.whl",
        "188306098d013b691fcadc011abd66727d3c414c571bb01b1a174ba8c983cf90",
    ),
)
_MAX_DOWNLOAD: Final = 64 * 1024 * 1024  # the tarball is about 6.5 MB


class WebBuildError(DrakoError):
    """The web page cannot be built: a download failed or does not have its pinned hash."""


def default_cache_dir() -> Path:
    """Where downloads are kept: ``$DRAKO_WEB_CACHE``, else ``~/.cache/drako-rules/web``
    (``$XDG_CACHE_HOME`` is honoured)."""
    if os.environ.get("DRAKO_WEB_CACHE"):
        return Path(os.environ["DRAKO_WEB_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "drako-rules" / "web"


def _integrity_ok(data: bytes) -> bool:
    algorithm, _, expected = PYODIDE_INTEGRITY.partition("-")
    digest = base64.b64encode(hashlib.new(algorithm, data).digest()).decode()
    return digest == expected


def fetch_pyodide(cache_dir: Path) -> Path:
    """The npm tarball of Pyodide in ``cache_dir``, downloaded once, its sha512 checked.

    Raises:
        WebBuildError: the registry cannot be reached, or the tarball is not the pinned one.
    """
    target = cache_dir / f"pyodide-{PYODIDE_VERSION}.tgz"
    if target.is_file() and _integrity_ok(target.read_bytes()):
        return target
    try:
        with urllib.request.urlopen(_PYODIDE_TARBALL, timeout=120) as response:
            data = response.read(_MAX_DOWNLOAD + 1)
    except OSError as error:
        raise WebBuildError(f"cannot download {_PYODIDE_TARBALL}: {error}") from None
    if len(data) > _MAX_DOWNLOAD or not _integrity_ok(data):
        raise WebBuildError(
            f"{_PYODIDE_TARBALL} does not have the pinned integrity {PYODIDE_INTEGRITY[:20]}..."
        )
    cache_dir.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(target)
    return target


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_wheels(cache_dir: Path) -> list[Path]:
    """The wheels of `webserve.WHEELS` in ``cache_dir/wheels``.

    Missing ones are downloaded by ``pip download --require-hashes`` (pip's own index
    settings apply); every file's sha256 is checked.

    Raises:
        WebBuildError: pip fails, or a wheel does not have its pinned sha256.
    """
    folder = cache_dir / "wheels"
    missing = [w for w in WHEELS if not (folder / w[1]).is_file() or _sha256(folder / w[1]) != w[2]]
    if missing:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            requirements = Path(tmp) / "requirements.txt"
            requirements.write_text(
                "".join(f"{req} --hash=sha256:{sha}\n" for req, _, sha in missing)
            )
            command = [
                sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                "--only-binary=:all:", "--require-hashes", "-r", str(requirements), "-d", tmp,
            ]  # fmt: skip
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                last = (done.stderr.strip().splitlines() or ["no message"])[-1]
                raise WebBuildError(f"pip download of the page's wheels failed: {last[:200]}")
            for _, name, _ in missing:
                shutil.copyfile(Path(tmp) / name, folder / name)
    paths = [folder / name for _, name, _ in WHEELS]
    for path, (_, name, sha) in zip(paths, WHEELS, strict=True):
        if _sha256(path) != sha:
            raise WebBuildError(f"{name} does not have the pinned sha256 {sha[:12]}...")
    return paths
