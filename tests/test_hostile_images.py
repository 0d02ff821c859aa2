"""Hostile images (issue #35): only screenshot formats are parsed, and whatever an image holds, one line.

A file's name says nothing: Pillow recognises formats by content, and PostScript would run
Ghostscript. Each repro goes through the installed ``ruzzle`` (so stdout, stderr and a
hang are real); the fuzz test mutates small images of every format read and decodes them
in one child process, whose stderr must hold nothing (libtiff prints there itself).
"""
from __future__ import annotations

import io
import json
import os
import random
import signal
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from PIL import Image

from ruzzle_gui.lab import synth
from ruzzle_gui.language import load_language
from ruzzle_gui.vision.errors import ImageError
from ruzzle_gui.vision.images import load_image

RUZZLE = str(Path(sys.executable).parent / "ruzzle")
HANG = 60  # seconds: far past any read of these small files; Ghostscript's `{} loop` never ends
NOT_IMAGE = "is not an image in a screenshot format (PNG, JPEG, WebP, BMP, GIF or TIFF)"
EPS_LOOP = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n{} loop\n"
EPS_PRINT = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n(hello) print\n"


def chunk(kind: bytes, data: bytes) -> bytes:
    """Return a PNG chunk of ``kind`` holding ``data``, its CRC right."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(size: tuple[int, int] = (64, 64)) -> bytes:
    """Return a small valid PNG."""
    buffer = io.BytesIO()
    Image.new("RGB", size, (30, 90, 200)).save(buffer, "PNG")
    return buffer.getvalue()


def with_chunk(png: bytes, extra: bytes) -> bytes:
    """Return ``png`` with the chunk ``extra`` put right after its IHDR."""
    return png[:33] + extra + png[33:]


def tiff_with_samples(samples: int) -> bytes:
    """Return a deflated TIFF (so libtiff decodes it) whose SamplesPerPixel says ``samples``."""
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), (10, 200, 30)).save(buffer, "TIFF", compression="tiff_deflate")
    data = bytearray(buffer.getvalue())
    ifd = struct.unpack("<I", data[4:8])[0]
    for entry in range(struct.unpack("<H", data[ifd:ifd + 2])[0]):
        at = ifd + 2 + 12 * entry
        if struct.unpack("<H", data[at:at + 2])[0] == 277:  # SamplesPerPixel
            data[at + 8:at + 10] = struct.pack("<H", samples)
    return bytes(data)


HOSTILE = {
    "eps-loop.png": EPS_LOOP,
    "eps-print.jpg": EPS_PRINT,
    "ihdr.png": (lambda png: png[:8] + struct.pack(">I", 5) + png[12:])(png_bytes()),
    "iccp.png": with_chunk(png_bytes(), chunk(b"iCCP", b"icc\0\0" + zlib.compress(b"\0" * 2_000_000, 9))),
    "ztxt.png": with_chunk(png_bytes(), chunk(b"zTXt", b"k\0\0" + zlib.compress(b"a" * 2_000_000, 9))),
    "bad.ppm": b"P6\n4x 30\n255\n",
    "samples.tif": tiff_with_samples(232),
}


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    """Return a folder holding every hostile image."""
    folder = tmp_path_factory.mktemp("images")
    for name, data in HOSTILE.items():
        (folder / name).write_bytes(data)
    (folder / "b.txt").write_text("C A S A\nO R E N\nT I M E\nS O L E\n", encoding="utf-8")
    return folder


def ruzzle(folder: Path, *args: str) -> subprocess.CompletedProcess:
    """Run the installed ``ruzzle`` in ``folder``; a hang fails the test."""
    return ended([RUZZLE, *args], folder, env={**os.environ, "TMPDIR": str(folder)})


def ended(command: list[str], folder: Path, stdin: bytes | None = None, **options) -> subprocess.CompletedProcess:
    """Run ``command`` in ``folder`` to its end; past HANG seconds, end it and its Ghostscript child, and fail."""
    with subprocess.Popen(command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE, start_new_session=True,
                          **options) as process:
        try:
            out, err = process.communicate(stdin, timeout=HANG)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            pytest.fail(f"{' '.join(command)[:200]} did not end in {HANG} s")
    decode = (lambda data: data.decode(errors="replace"))
    return subprocess.CompletedProcess(process.args, process.returncode, decode(out), decode(err))


def assert_one_line(done: subprocess.CompletedProcess, fragment: str) -> None:
    """Assert the command failed with exit 1, one stderr line holding ``fragment``, and nothing on stdout."""
    assert done.returncode == 1, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr[-2000:]
    assert fragment in done.stderr, done.stderr
    assert done.stdout == "", done.stdout


@pytest.mark.parametrize("command", [["read", "-l", "it"], ["solve", "-l", "it", "--image"],
                                     ["plan", "-l", "it", "--image"]], ids=["read", "solve", "plan"])
@pytest.mark.parametrize("name", ["eps-loop.png", "eps-print.jpg"])
def test_postscript_named_as_a_screenshot_is_refused_without_running_ghostscript(hostile, command, name):
    before = set(os.listdir(hostile))
    done = ruzzle(hostile, *command, name)
    assert_one_line(done, f"{name} {NOT_IMAGE}")
    assert set(os.listdir(hostile)) == before  # Ghostscript's temporary files would land here


@pytest.mark.parametrize("name, fragment", [
    ("ihdr.png", "ihdr.png is damaged or truncated"),
    ("iccp.png", "iccp.png is damaged or truncated"),
    ("ztxt.png", "ztxt.png"),
    ("bad.ppm", f"bad.ppm {NOT_IMAGE}"),
    ("samples.tif", "samples.tif is damaged or truncated: its header cannot be read"),
])
@pytest.mark.parametrize("command", [["read", "-l", "it"], ["solve", "-l", "it", "--image"]], ids=["read", "solve"])
def test_a_damaged_or_odd_header_is_one_line(hostile, command, name, fragment):
    done = ruzzle(hostile, *command, name)
    assert_one_line(done, fragment)


def test_bench_refuses_a_hostile_shot_in_one_line_before_measuring(hostile):
    done = ruzzle(hostile, "bench", "-l", "it", "--shot", "eps-loop.png")
    assert_one_line(done, f"eps-loop.png {NOT_IMAGE}")


def test_an_image_pillow_opened_elsewhere_is_refused_unless_a_screenshot_format(tmp_path):
    """The clipboard's image comes opened by Pillow, which knows every format: PostScript is never decoded."""
    child = ("import io, sys; from PIL import Image; from ruzzle_gui.vision.images import load_image\n"
             "from ruzzle_gui.vision.errors import ImageError\n"
             "try: load_image(Image.open(io.BytesIO(sys.stdin.buffer.read())))\n"
             "except ImageError as err: print(err)\n")
    done = ended([sys.executable, "-c", child], tmp_path, stdin=EPS_LOOP)  # tmp_path: not the source tree first
    assert done.stdout == f"the image {NOT_IMAGE}\n" and done.stderr == ""


def test_every_format_read_still_reads_a_screenshot(tmp_path):
    language = load_language("it")
    shot = synth.phone_shot(synth.random_board(language, random.Random(3)), language, 480, random.Random(3),
                            synth.fonts()[0])
    for suffix, options in SAVES.items():
        path = tmp_path / f"shot{suffix}"
        shot.image.save(path, **options)
        done = ruzzle(tmp_path, "read", "-l", "it", "--json", str(path))
        assert done.returncode == 0, (suffix, done.stderr)
        assert [cell["letter"] for cell in json.loads(done.stdout)["cells"]] == list(shot.board.letters), suffix


# ---------------------------------------------------------------- fuzzing

SAVES = {  # a file of each format read, as a screenshot tool would save it
    ".png": {}, ".jpg": {"quality": 90}, ".webp": {"quality": 80}, ".bmp": {}, ".gif": {},
    ".tif": {"compression": "tiff_deflate"}, ".tiff": {"compression": "raw"},
}
MUTATIONS = 420  # files decoded: 60 per kind of file above
FUZZ_SECONDS = 90  # a bound on the child's work, not an assertion: past it, fewer files are tried


def seeds() -> list[bytes]:
    """Return small files of every format read, cut from a generated phone shot (and a real one, if given)."""
    language = load_language("it")
    rng = random.Random(35)
    images = [synth.phone_shot(synth.random_board(language, rng), language, 360, rng, synth.fonts()[0]).image]
    real = os.environ.get("RUZZLE_REAL_SHOTS")
    if real and sorted(Path(real).glob("*.png")):
        with Image.open(sorted(Path(real).glob("*.png"))[0]) as opened:
            images.append(opened.convert("RGB"))
    made = []
    for image in images:
        small = image.resize((72, 156))
        for suffix, options in SAVES.items():
            buffer = io.BytesIO()
            small.save(buffer, Image.registered_extensions()[suffix], **options)
            made.append(buffer.getvalue())
    return made


def mutated(data: bytes, rng: random.Random) -> bytes:
    """Return ``data`` with a few bytes changed, a run copied, or its tail cut: what a bad disk or a fuzzer does."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        kind = rng.random()
        head = min(len(data), 400)  # headers are where the parsers are; change them most
        at = rng.randrange(head if rng.random() < 0.7 else len(data))
        if kind < 0.6:
            data[at] = rng.choice((0, 0xFF, 0x7F, 0x80, rng.randrange(256)))
        elif kind < 0.8:
            data[at:at] = data[rng.randrange(len(data)):][:rng.randint(1, 64)]
        else:
            del data[at:]
            if not data:
                data = bytearray(b"\0")
    return bytes(data)


FUZZ_CHILD = """
import sys, time
from pathlib import Path
from ruzzle_gui.vision.errors import ImageError
from ruzzle_gui.vision.images import load_image
end = time.monotonic() + float(sys.argv[2])
for path in sorted(Path(sys.argv[1]).iterdir()):
    if time.monotonic() > end:
        break
    try:
        load_image(path)
        print("read", path.name, flush=True)
    except ImageError as err:
        print("error", path.name, str(err).replace(chr(10), "<NEWLINE>"), flush=True)
"""


def test_mutated_images_of_every_format_read_are_read_or_one_line(tmp_path):
    """Any exception but our ImageError, any stderr output (a warning, libtiff), a crash or a hang fails."""
    rng = random.Random(3535)
    originals = seeds()
    for index in range(MUTATIONS):
        (tmp_path / f"{index:04d}").write_bytes(mutated(originals[index % len(originals)], rng))
    done = subprocess.run([sys.executable, "-c", FUZZ_CHILD, str(tmp_path), str(FUZZ_SECONDS)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=FUZZ_SECONDS + HANG)  # cwd: not the source tree
    assert done.returncode == 0 and done.stderr == "", done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert len(lines) >= 50, done.stdout  # the time bound still leaves a real sample
    assert all("<NEWLINE>" not in line for line in lines)
    assert any(line.startswith("error") for line in lines)  # the mutations did reach the parsers


def test_every_allowed_format_is_known_to_pillow():
    from ruzzle_gui.vision.images import FORMATS

    Image.init()
    assert set(FORMATS) <= set(Image.OPEN)
    with pytest.raises(ImageError, match=NOT_IMAGE.replace("(", r"\(").replace(")", r"\)")):
        load_image(_pcx())


def _pcx() -> Image.Image:
    """Return a PCX image opened by Pillow (a format screenshots never come in)."""
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8)).save(buffer, "PCX")
    buffer.seek(0)
    return Image.open(buffer)
