"""The checksums that tie an index or band file to its .marisa: the first 16 bytes of a SHA-256."""
from __future__ import annotations

import os

DIGEST_SIZE = 16


def content_digest(path: str | os.PathLike) -> bytes:
    """Return the first 16 bytes of the SHA-256 of a file: what ties an index or band file to its .marisa."""
    import hashlib  # only verifying pays for it

    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").digest()[:DIGEST_SIZE]


def bytes_digest(data: bytes | memoryview) -> bytes:
    """Return the first 16 bytes of the SHA-256 of ``data``, as ``content_digest`` does for a file."""
    import hashlib

    return hashlib.sha256(data).digest()[:DIGEST_SIZE]
