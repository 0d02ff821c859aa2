"""Writing a user's files safely: never over one of the inputs, never half-written, never lost.

Every file the program writes goes through ``Replacement`` (``write_atomically``
for one file, ``replace_together`` for a dictionary and the files beside it):

- an existing file the user may not write is refused, as a shell's ``>`` refuses it;
- the new content goes to a temporary file beside the target, created with the
  target's owner, group and permissions (as ``>`` keeps them), synced to disk, renamed over the target, and the folder
  synced, so neither a crash nor a power cut leaves half a file;
- the temporary file is removed on an error, Ctrl-C and every signal the process
  can catch; one left by a kill (SIGKILL) is swept up by the next write there;
- an error names the user's file and the real cause (``No space left on device``).

Paths are plain strings here, as in every engine module: importing pathlib
costs a script more start-up time than solving a 4x4 board.
"""
from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterable, Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: start-up time
if TYPE_CHECKING:
    import signal as _signal  # the same functions and constants; typeshed has no stub for _signal
    from typing import Literal
else:
    import _signal  # the C module: `signal` imports enum, too slow for a command's start-up

__all__ = ["same_file", "input_among", "write_atomically", "write_bytes", "Replacement", "replace_together",
           "finish_replacing", "pending_path"]

PARTIAL_SUFFIX = ".partial"
PENDING_SUFFIX = ".pending"
# The signals whose default is to end the process: each removes the temporary files first.
# (SIGINT raises KeyboardInterrupt, which an ordinary ``finally`` handles.)
_CLEANUP_SIGNALS = tuple(getattr(_signal, name) for name in ("SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2",
                                                              "SIGALRM") if hasattr(_signal, name))
_live: set[str] = set()  # temporary files this process is writing now
_saved_handlers: dict[int, Callable[..., object] | int | None] = {}  # as signal.getsignal gives them


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Return True if ``a`` and ``b`` are the same existing file (links, hard or symbolic, count)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False  # one of them does not exist (yet): nothing there to lose


def input_among(output: str | os.PathLike, inputs: Iterable[str | os.PathLike | None]) -> str | None:
    """Return the first of ``inputs`` that ``output`` would overwrite, or None."""
    for path in inputs:
        if path is not None and same_file(output, path):
            return os.fspath(path)
    return None


class Replacement:
    """One file being replaced: a temporary file beside it, filled, synced, then renamed over it.

    ``with Replacement(path) as new: new.fill(write); new.commit()``. Leaving the
    block without ``commit`` (an error, Ctrl-C) removes the temporary file. A link
    is followed, so the file it points to is replaced and keeps its permissions.
    Raises OSError naming ``path``, the user's file, never the temporary one.
    """

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = os.fspath(path)
        self.target = os.path.realpath(self.path)
        self.folder, self.name = os.path.split(self.target)
        self.partial: str | None = None
        self.special = False  # /dev/null, a FIFO: written to directly, it cannot be replaced

    def __enter__(self) -> Replacement:
        status = self._status()
        if status is not None and not stat.S_ISREG(status.st_mode):
            self.special = True
            return self
        with _named(self.path):
            if status is not None and not os.access(self.target, os.W_OK):
                raise _refusal(self.target)
            sweep_leftovers(self.target)
            self.partial = os.path.join(self.folder, f".{self.name}.{os.getpid()}{PARTIAL_SUFFIX}")
            _watch(self.partial)
            try:
                self._create(status)
            except BaseException:
                _remove(self.partial)
                _forget(self.partial)
                raise
        return self

    def _create(self, status: os.stat_result | None) -> None:
        """Create the empty temporary file with the target's owner and mode (private until it has them)."""
        # A 640 file's new content never shows as 644, even for a moment.
        handle = os.open(self._partial(), os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC,
                         0o600 if status is not None else 0o666)
        try:
            if status is not None:
                _keep_owner(handle, status)  # before the mode: a change of owner clears set-user-ID
                os.fchmod(handle, status.st_mode & 0o7777)
        finally:
            os.close(handle)

    def _partial(self) -> str:
        """Return the temporary file's path; RuntimeError outside ``with`` or after ``commit``."""
        if self.partial is None:
            raise RuntimeError(f"{self.path}: no temporary file (use `with Replacement(path)`, commit once)")
        return self.partial

    def _status(self) -> os.stat_result | None:
        """Return the target's status, or None when there is no file there yet."""
        try:
            return os.stat(self.target)
        except FileNotFoundError:
            return None
        except OSError as err:
            raise OSError(err.errno, err.strerror, self.path) from None

    def fill(self, write: Callable[[str], object]) -> None:
        """Have ``write`` fill the temporary file (its path given), then sync it to disk."""
        with _named(self.path):
            if self.special:
                write(self.target)
                return
            partial = self._partial()
            write(partial)
            _sync(partial)

    def move_to(self, path: str) -> None:
        """Rename the filled temporary file to ``path`` in the same folder (a staging name), synced later."""
        partial = self._partial()
        with _named(self.path):
            os.replace(partial, path)
        _forget(partial)
        self.partial = path

    def commit(self) -> None:
        """Rename the filled file over the target, then sync the folder, so the rename survives a power cut."""
        if self.special:
            return
        with _named(self.path):
            partial = self._partial()
            os.replace(partial, self.target)
            _forget(partial)
            self.partial = None
            sync_folder(self.folder)

    def __exit__(self, *exc: object) -> None:
        if self.partial is not None and self.partial.endswith(PARTIAL_SUFFIX):
            _remove(self.partial)
            _forget(self.partial)


def _refusal(target: str) -> OSError:
    """Return the error ``> target`` gets for a file that may not be written: its real cause."""
    try:
        if os.statvfs(target).f_flag & os.ST_RDONLY:
            return OSError(errno.EROFS, os.strerror(errno.EROFS))
    except (OSError, AttributeError):  # AttributeError: no statvfs (Windows)
        pass
    return PermissionError(errno.EACCES, os.strerror(errno.EACCES))


def _keep_owner(handle: int, status: os.stat_result) -> None:
    """Give the new file ``handle`` the old file's owner and group, as writing it in place (``>``) keeps them.

    Only root may give a file away (root writing a user's file would otherwise take it from them);
    anyone may keep a group they belong to; what the system refuses stays as created.
    """
    if not hasattr(os, "fchown") or (status.st_uid, status.st_gid) == (os.geteuid(), os.getegid()):
        return  # no owners to keep (Windows), or the file is ours already
    for owner in (status.st_uid, -1):
        try:
            os.fchown(handle, owner, status.st_gid)
            return
        except OSError:
            continue


def write_atomically(out_path: str | os.PathLike, write: Callable[[str], object]) -> None:
    """Have ``write`` fill a temporary file (its path given) beside ``out_path``, then move it into place.

    A failed write (a full disk, say) leaves the old file whole, and a process that
    has the old file memory-mapped keeps its pages. Something that is not a regular
    file (/dev/null, a FIFO) is written to directly. See ``Replacement``.
    """
    with Replacement(out_path) as new:
        new.fill(write)
        new.commit()


def pending_path(path: str) -> str:
    """Return where ``replace_together`` stages the new ``path`` once it is complete."""
    folder, name = os.path.split(os.path.realpath(path))
    return os.path.join(folder, f".{name}{PENDING_SUFFIX}")


def replace_together(writes: Sequence[tuple[str, Callable[[str], object]]]) -> None:
    """Replace several files in one folder all together or not at all: the last one marks the commit.

    Each new file is written and synced under a temporary name; then each but the
    last is renamed to its staging name (``pending_path``), and the last one's
    staging name appears last: from that moment the change is decided, and
    ``finish_replacing`` (run here, and by whoever next reads the files) moves
    every staged file into place, the last one last. A run stopped before that
    moment leaves the old files as they were; its staged files are swept up.
    """
    paths = [path for path, _ in writes]
    finish_replacing(paths, sweep=True)
    stage = _StagedAll(paths)
    with stage as staged:
        for new, (_, write) in zip(staged, writes):
            new.fill(write)
        with _signals_held():  # the few renames run whole: a signal waits for their end
            for new in staged[:-1]:
                new.move_to(pending_path(new.path))
            sync_folder(staged[-1].folder)  # the companions are staged before the commit mark appears
            staged[-1].move_to(pending_path(staged[-1].path))
            stage.committed = True
            finish_replacing(paths)


class _signals_held:
    """Context manager: hold back Ctrl-C and the ending signals while a few renames run."""

    def __enter__(self) -> None:
        self.held = {_signal.SIGINT, *_CLEANUP_SIGNALS}
        self.before: set[int] | None
        try:
            self.before = _signal.pthread_sigmask(_signal.SIG_BLOCK, self.held)
        except (AttributeError, OSError):
            self.before = None  # no signal masks here (Windows)

    def __exit__(self, *exc: object) -> None:
        if self.before is not None:
            _signal.pthread_sigmask(_signal.SIG_SETMASK, self.before)


class _StagedAll:
    """The Replacements of ``replace_together``: each removed on failure, unless the change was decided."""

    def __init__(self, paths: Sequence[str]) -> None:
        self.replacements = [Replacement(path) for path in paths]
        self.committed = False

    def __enter__(self) -> list[Replacement]:
        self.entered: list[Replacement] = []
        try:
            for replacement in self.replacements:
                self.entered.append(replacement.__enter__())
        except BaseException:
            self.__exit__()
            raise
        return self.entered

    def __exit__(self, *exc: object) -> None:
        # The commit mark (the last file) goes first, so what is left is never mistaken for a decided change.
        for replacement in reversed(self.entered):
            replacement.__exit__()
            if not self.committed and replacement.partial is not None:
                _remove(replacement.partial)
                _forget(replacement.partial)


def finish_replacing(paths: Sequence[str], sweep: bool = False) -> bool:
    """Finish a ``replace_together`` of ``paths`` that was stopped after it was decided; return True if one was.

    With ``sweep`` (a writer about to write them), staged files of an undecided
    change (no staged last file) are removed; a reader leaves them, as they may
    be a live writer's. Raises OSError naming the file that could not be moved into place.
    """
    staged = [pending_path(path) for path in paths]
    decided = os.path.exists(staged[-1])
    for path, pending in zip(paths, staged):
        if not os.path.exists(pending) or not (decided or sweep):
            continue
        with _named(path):
            try:
                if decided:
                    os.replace(pending, os.path.realpath(path))
                else:
                    os.unlink(pending)
            except FileNotFoundError:
                pass  # another process finished it first
    if decided:
        sync_folder(os.path.dirname(os.path.realpath(paths[-1])))
    return decided


def sweep_leftovers(target: str) -> None:
    """Remove the temporary files that killed writers of ``target`` left beside it."""
    folder, name = os.path.split(target)
    prefix = f".{name}."
    try:
        names = [entry for entry in os.listdir(folder or ".") if entry.startswith(prefix)
                 and entry.endswith(PARTIAL_SUFFIX)]
    except OSError:
        return
    for entry in names:
        pid = entry[len(prefix):-len(PARTIAL_SUFFIX)]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            _remove(os.path.join(folder, entry))


def _alive(pid: int) -> bool:
    """Return True if a process ``pid`` exists (it may still be writing its temporary file)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True


def _sync(path: str) -> None:
    """Flush ``path``'s content to the disk (a write error the kernel kept, EIO or ENOSPC, surfaces here)."""
    handle = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def sync_folder(folder: str) -> None:
    """Flush a folder's entries to the disk, so a rename in it survives a power cut."""
    try:
        handle = os.open(folder or ".", os.O_RDONLY | os.O_CLOEXEC | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # a platform without folder handles (Windows): its rename is as durable as it gets
    try:
        os.fsync(handle)
    except OSError as err:
        if err.errno not in (errno.EINVAL, errno.EBADF):  # a file system that cannot sync folders
            raise
    finally:
        os.close(handle)


class _named:
    """Context manager: re-raise an OSError with ``path`` as its file name (the user's, not a temporary one)."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, err, trace) -> Literal[False]:
        if isinstance(err, OSError):
            raise OSError(err.errno, err.strerror or str(err), self.path) from None
        return False


def _remove(path: str) -> None:
    """Remove ``path`` if it is there."""
    try:
        os.unlink(path)
    except OSError:
        pass


def _watch(partial: str) -> None:
    """Note a temporary file being written, and have the ending signals remove it first."""
    _live.add(partial)
    for signum in _CLEANUP_SIGNALS:
        if signum in _saved_handlers:
            continue
        try:
            previous = _signal.getsignal(signum)
            if previous is _signal.SIG_DFL:  # a handler the program set keeps its say
                _signal.signal(signum, _clean_up_and_die)
                _saved_handlers[signum] = previous
        except (ValueError, OSError):
            pass  # not the main thread: signals stay as they are


def _forget(partial: str) -> None:
    """Stop watching a temporary file; once none is left, restore the signals' handlers."""
    _live.discard(partial)
    if _live:
        return
    for signum, previous in list(_saved_handlers.items()):
        try:
            _signal.signal(signum, previous)
        except (ValueError, OSError):
            pass
        del _saved_handlers[signum]


def _clean_up_and_die(signum: int, _frame: object) -> None:
    """Remove the temporary files being written, then end as the signal would have ended the process."""
    for partial in list(_live):
        _remove(partial)
    _signal.signal(signum, _signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def write_bytes(path: str, data: bytes) -> None:
    """Write ``data`` to the file ``path`` (a ``write`` for write_atomically: ``lambda p: write_bytes(p, data)``)."""
    with open(path, "wb") as handle:
        handle.write(data)
