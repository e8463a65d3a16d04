"""Build the web checker's page folder: the page's own files, Pyodide's runtime files, the
wheels (with one of drako-rules built from the installed package), the catalogue, and what
makes the page work offline and installable (the service worker that ``offline`` fills in). The build goes into a fresh folder
moved into place, and never replaces a folder it did not make.
`drako_rules.webserve` re-exports every public name.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import tarfile
import tempfile
import zipfile
from importlib import resources
from pathlib import Path
from typing import Final

import drako_rules
from drako_rules._web.fetch import (
    PYODIDE_FILES,
    PYODIDE_VERSION,
    WHEELS,
    WebBuildError,
    default_cache_dir,
    fetch_pyodide,
    fetch_wheels,
)
from drako_rules._web.offline import write_service_worker
from drako_rules.errors import quote
from drako_rules.web import catalogue

__all__ = [
    "MARKER",
    "PAGE_FILES",
    "PageFolderError",
    "build_page",
    "check_page_folder",
    "drako_wheel",
    "page_size",
]

#: The page's own files, in the package's ``webpage`` folder: the page, the messages, and
#: what makes it work offline and installable (the service worker ``sw.js``, completed by
#: the build, ``install.js`` that registers it, the web app manifest and the icons).
PAGE_FILES: Final = (
    "index.html",
    "checker.js",
    "checker.css",
    "messages.en.json",
    "messages.es.json",
    "messages.fr.json",
    "install.js",
    "sw.js",
    "manifest.webmanifest",
    "icon.svg",
    "icon-192.png",
    "icon-512.png",
)
_ZIP_TIME: Final = (1980, 1, 1, 0, 0, 0)


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def drako_wheel(out_dir: Path) -> Path:
    """Write a wheel of the drako-rules package this Python imports into ``out_dir``.

    The wheel holds the package's files as installed (without byte-code caches) and a
    minimal ``dist-info`` (``METADATA``, ``WHEEL``, ``RECORD``), with fixed timestamps so
    the same sources give the same bytes.
    """
    version = drako_rules.__version__
    package = Path(drako_rules.__file__).parent
    dist_info = f"drako_rules-{version}.dist-info"
    files: list[tuple[str, bytes]] = []
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files.append((f"drako_rules/{path.relative_to(package).as_posix()}", path.read_bytes()))
    requires = "".join(f"Requires-Dist: {req.split('==')[0]}\n" for req, _, _ in WHEELS[1:3])
    files.append(
        (
            f"{dist_info}/METADATA",
            f"Metadata-Version: 2.1\nName: drako-rules\nVersion: {version}\n{requires}".encode(),
        )
    )
    files.append(
        (
            f"{dist_info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: drako_rules.webserve\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files)
    record += f"{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"drako_rules-{version}-py3-none-any.whl"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files:
            info = zipfile.ZipInfo(name, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            wheel.writestr(info, data)
    target.write_bytes(buffer.getvalue())
    return target


def _extract_pyodide(tarball: Path, out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as archive:
        for name in PYODIDE_FILES:
            try:
                member = archive.getmember(f"package/{name}")
            except KeyError:
                raise WebBuildError(f"the Pyodide tarball has no {name}") from None
            source = archive.extractfile(member)
            if source is None:
                raise WebBuildError(f"{name} of the Pyodide tarball is not a file")
            with source, open(out_dir / name, "wb") as target:
                shutil.copyfileobj(source, target)


#: The file a build puts in the folder it makes: the list of the files it wrote. A later
#: build replaces a folder only when it holds this file and no file outside that list.
MARKER: Final = ".drako-rules-page"
# the page's top-level names, for a folder of the cache built before the marker existed
_OLD_PAGE_NAMES: Final = frozenset(
    {*PAGE_FILES, "pyodide", "wheels", "wheels.json", "catalogue.json"}
)


class PageFolderError(WebBuildError):
    """A folder the page cannot be built into: a file, a link, the current folder (or one
    that holds it), the cache folder (or one that holds it), or a non-empty folder that an
    earlier build did not make. Nothing is changed when it is raised."""


def _files_under(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir()}


def _made_by_a_build(folder: Path, cache: Path) -> bool:
    """Whether ``folder`` holds only what a build wrote: its marker lists every file, or
    (a page of the cache built before the marker existed) it is ``CACHE/page`` and holds
    only the page's names."""
    marker = folder / MARKER
    if marker.is_file() and not marker.is_symlink():
        try:
            listed = set(marker.read_text(encoding="utf-8").splitlines())
        except (OSError, UnicodeDecodeError):
            return False
        return _files_under(folder) <= listed | {MARKER}
    return folder.absolute() == (cache / "page").absolute() and all(
        entry.name in _OLD_PAGE_NAMES for entry in folder.iterdir()
    )


def check_page_folder(out_dir: Path, cache_dir: Path | None = None) -> None:
    """Refuse a folder `webserve.build_page` must not replace.

    A build may go into a folder that does not exist, an empty folder, or a folder an
    earlier build made (it holds `webserve.MARKER`, and no file the
    build did not write): everything else is refused, so that no build deletes what it did
    not create.

    Raises:
        PageFolderError: ``out_dir`` is a file or a link, the current folder or a folder
            that holds it, the cache folder or a folder that holds it, or a non-empty
            folder that a build did not make.
    """
    cache = cache_dir if cache_dir is not None else default_cache_dir()
    shown = quote(str(out_dir), 80)
    if out_dir.is_symlink():
        raise PageFolderError(f"{shown} is a link: give the folder itself")
    if out_dir.exists() and not out_dir.is_dir():
        raise PageFolderError(f"{shown} is a file, not a folder: give a new or empty folder")
    target = out_dir.resolve()
    here = Path.cwd().resolve()
    if target == here or target in here.parents:
        raise PageFolderError(
            f"{shown} is the current folder or holds it: give a new or empty folder"
        )
    cache_path = cache.resolve()
    if target == cache_path or target in cache_path.parents:
        raise PageFolderError(
            f"{shown} is the download cache or holds it: give a new or empty folder"
        )
    if out_dir.is_dir() and any(out_dir.iterdir()) and not _made_by_a_build(out_dir, cache):
        raise PageFolderError(
            f"{shown} is not empty and was not made by drako-rules web: "
            "give a new or empty folder (nothing was changed)"
        )


def _write_page(out_dir: Path, tarball: Path, wheels: list[Path]) -> None:
    page = resources.files("drako_rules") / "webpage"
    for name in PAGE_FILES:
        (out_dir / name).write_bytes((page / name).read_bytes())
    _extract_pyodide(tarball, out_dir / "pyodide")
    wheel_dir = out_dir / "wheels"
    wheel_dir.mkdir()
    for path in wheels:
        shutil.copyfile(path, wheel_dir / path.name)
    own = drako_wheel(wheel_dir)
    manifest = {
        "pyodide": PYODIDE_VERSION,
        "drako_rules": drako_rules.__version__,
        "wheels": [path.name for path in wheels] + [own.name],
    }
    (out_dir / "wheels.json").write_text(json.dumps(manifest, indent=2) + "\n")
    # the form is drawn from it before Python is loaded
    (out_dir / "catalogue.json").write_text(json.dumps(catalogue(), indent=1) + "\n")
    write_service_worker(out_dir)  # last: it lists and hashes every file above


def build_page(out_dir: Path, *, cache_dir: Path | None = None) -> Path:
    """Build the web checker into ``out_dir`` and return it.

    The page is built in a fresh folder beside ``out_dir`` and moved into place, so that
    ``out_dir`` holds either the earlier build or the new one, never a part. ``out_dir``
    must be new, empty, or made by an earlier build (see
    `webserve.check_page_folder`, checked before anything
    is downloaded); the new folder holds `webserve.MARKER`.

    Args:
        out_dir: the folder that becomes ``checker/`` of the site.
        cache_dir: where downloads are kept
            (`webserve.default_cache_dir` by default).

    Raises:
        PageFolderError: ``out_dir`` is a folder the build must not replace.
        WebBuildError: a download failed or is not the pinned file.
    """
    cache = cache_dir if cache_dir is not None else default_cache_dir()
    check_page_folder(out_dir, cache)
    tarball = fetch_pyodide(cache)
    wheels = fetch_wheels(cache)
    parent = out_dir.absolute().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix=".drako-rules-page-", dir=parent))
    except OSError as error:
        raise WebBuildError(
            f"cannot make a folder in {quote(str(parent), 80)}: {error.strerror or error}"
        ) from None
    try:
        fresh.chmod(0o755)
        _write_page(fresh, tarball, wheels)
        written = sorted(_files_under(fresh))
        (fresh / MARKER).write_text("".join(f"{name}\n" for name in written), encoding="utf-8")
        check_page_folder(out_dir, cache)  # it may have changed during the downloads
        if out_dir.exists():
            old = Path(tempfile.mkdtemp(prefix=".drako-rules-old-", dir=parent))
            out_dir.replace(old / "page")
            try:
                fresh.replace(out_dir)
            except OSError:
                (old / "page").replace(out_dir)  # the earlier build stays
                old.rmdir()
                raise
            shutil.rmtree(old, ignore_errors=True)
        else:
            fresh.replace(out_dir)
    except OSError as error:
        shutil.rmtree(fresh, ignore_errors=True)
        raise WebBuildError(
            f"cannot build the page in {quote(str(out_dir), 80)}: {error.strerror or error}"
        ) from None
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    return out_dir


def page_size(directory: Path) -> int:
    """The bytes the page downloads: every file of a built page."""
    return sum(p.stat().st_size for p in directory.rglob("*") if p.is_file())
