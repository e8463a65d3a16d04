"""The one bounded reader of drako-rules: game files, records and standard input.

Everything the library or the ``drako-rules`` command reads from a file or a stream goes
through `read_text`: it reads in chunks of 64 KiB and stops
as soon as more than ``limit`` bytes arrived (default
`DEFAULT_LIMIT`, 1 MiB: a game file or a record of a
whole game is a few KiB), so ``/dev/zero``, a 1 GiB sparse file or 100 MB piped into
``score -`` are refused at once, in bounded memory. A regular file larger than the limit
is refused from its size alone, before any byte is read.

Every failure is one `DrakoError` (the class the caller
names, `InputError` by default) with a one-line message:
a missing file, a directory, a file that cannot be read, a file or stream over the limit,
bytes that are not UTF-8.
"""

from __future__ import annotations

import os
import stat
from typing import IO, Final

from drako_rules.errors import DrakoError, InputError, quote, short

__all__ = ["DEFAULT_LIMIT", "read_bytes", "read_text"]

#: The default size limit of a file or stream, in bytes (1 MiB): a game file of 4 players is
#: about 3 KB and the record of a 4-player game about 7 KB, so it only stops a mistake or an
#: attack, and bounds the work on the worst file (1 MiB of unknown keys: under a second).
DEFAULT_LIMIT: Final = 1024 * 1024

_CHUNK: Final = 64 * 1024

#: What the reader reads: a path, or a binary stream.
Source = str | os.PathLike[str] | IO[bytes]


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB" if n % (1024 * 1024) == 0 else f"{n:,} bytes"


def _too_large(name: str, limit: int, error: type[DrakoError]) -> DrakoError:
    return error(
        f"{name}: larger than the size limit of {_size(limit)} "
        "(a game file or record is a few KiB; --max-input-size raises the limit)"
    )


def _read_stream(stream: IO[bytes], name: str, limit: int, error: type[DrakoError]) -> bytes:
    chunks: list[bytes] = []
    total = 0
    while True:
        try:
            chunk = stream.read(min(_CHUNK, limit + 1 - total))
        except OSError as exc:
            raise error(f"cannot read {name}: {exc.strerror or exc}") from None
        except ValueError as exc:  # a closed stream
            raise error(f"cannot read {name}: {exc}") from None
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if total > limit:
            raise _too_large(name, limit, error)


def read_bytes(
    source: Source,
    *,
    limit: int = DEFAULT_LIMIT,
    name: str | None = None,
    error: type[DrakoError] = InputError,
) -> bytes:
    """The bytes of a file (a path) or of a binary stream, at most ``limit`` of them.

    Args:
        source: a path, or a binary stream (``sys.stdin.buffer``) read to its end.
        limit: the most bytes accepted; one more is an error.
        name: the name of the source in messages (default: the path, or ``stdin``).
        error: the `DrakoError` subclass raised.

    Raises:
        DrakoError: (of class ``error``) the source cannot be read or is over the limit.
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise error(f"the size limit is a number of bytes, not {quote(limit)}")
    if not isinstance(source, str | os.PathLike):
        if not hasattr(source, "read"):
            raise error(f"read_bytes reads a path or a binary stream, not {quote(source)}")
        return _read_stream(source, name or "stdin", limit, error)
    try:
        path = os.fspath(source)
        shown = name or short(os.fsdecode(path), 200)
    except TypeError:
        raise error(f"a path is text, not {quote(source)}") from None
    try:
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise error(f"cannot read {shown}: it is a directory")
            if stat.S_ISREG(info.st_mode) and info.st_size > limit:
                raise _too_large(shown, limit, error)
            return _read_stream(handle, shown, limit, error)
    except DrakoError:
        raise
    except IsADirectoryError:
        raise error(f"cannot read {shown}: it is a directory") from None
    except OSError as exc:
        raise error(f"cannot read {shown}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a path with a NUL character
        raise error(f"cannot read {shown}: {exc}") from None


def read_text(
    source: Source,
    *,
    limit: int = DEFAULT_LIMIT,
    name: str | None = None,
    error: type[DrakoError] = InputError,
) -> str:
    """The UTF-8 text of a file or binary stream (a leading BOM is dropped), at most
    ``limit`` bytes; see `read_bytes`.

    Raises:
        DrakoError: (of class ``error``) unreadable, over the limit, or not UTF-8.
    """
    data = read_bytes(source, limit=limit, name=name, error=error)
    return decode(data, name or _name_of(source), error)


def decode(data: bytes, name: str, error: type[DrakoError] = InputError) -> str:
    """``data`` as UTF-8 text (a leading BOM dropped), or ``error`` saying where it is not."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{name}: not UTF-8 text (byte {exc.start}: {exc.reason})") from None


def _name_of(source: Source) -> str:
    if isinstance(source, str | os.PathLike):
        return short(os.fsdecode(source), 200)
    return "stdin"
