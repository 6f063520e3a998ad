#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (tests/fuzz/seeds/<target>/) from samples/ and a
few hand-picked inputs. Seeds are small on purpose: libFuzzer grows its own corpus from them.
Run from anywhere: python3 tests/fuzz/make_seeds.py"""
import pathlib

root = pathlib.Path(__file__).resolve().parents[2]
seeds = root / "tests" / "fuzz" / "seeds"


def put(target, name, data):
    d = seeds / target
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))


# PGN reader: every PGN sample, a fixture in each Cyrillic encoding, and two edge shapes.
for p in sorted((root / "samples").glob("*.pgn")):
    put("pgn_reader", p.name, p.read_bytes())
for p in sorted((root / "tests" / "fixtures" / "pgn").glob("russian-*.pgn")):
    put("pgn_reader", p.name, p.read_bytes()[:2000])
put("pgn_reader", "variations-nags.pgn",
    '[Event "v"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 $1 {c} 2. Nf3 ; line\n%esc\n2... Nc6 1/2-1/2\n')
put("pgn_reader", "utf16le.pgn", "\ufeff[Event \"x\"]\n\n1. e4 e5 *\n".encode("utf-16-le"))
# Broken records: tag lines read past, skipped or stopping the game, a stray `)`.
put("pgn_reader", "broken-records.pgn", (root / "tests" / "fixtures" / "pgn" / "broken-records.pgn").read_bytes())

# Move grammar: first byte = index into all_languages() (0 en, 1 es, 2 de, 3 fr, 7 ru).
moves = [(0, "Nf3"), (0, "exd6e.p."), (0, "e7e8q"), (0, "O-O-O+"), (0, "Ng1xf3!?"), (0, "5254"),
         (1, "Cxe5+"), (2, "Sf3"), (3, "Fb5"), (7, "Кр:e2"), (0, "♘f3"), (0, "e8=Q#"), (0, "cd:")]
for i, (lang, token) in enumerate(moves):
    put("move", f"{i:02d}", bytes([lang]) + token.encode("utf-8"))

# Descriptive: first byte = dialect (0 English, 1 Spanish, 2 French).
put("descriptive", "en-opera", b"\x00" + (root / "samples" / "en-descriptive-opera.txt").read_bytes())
put("descriptive", "es-opera", b"\x01" + (root / "samples" / "es-descriptivo-opera.txt").read_bytes())
put("descriptive", "fr-short", b"\x02" + "1. P4R P4R 2. C.3FR C.3FD 3. F4FD".encode("utf-8"))
put("descriptive", "en-token", b"\x00" + b"Kt - K B 3")

# FEN: first byte = options (1 force Chess960, 2/4 relax castling/e.p., 8 impossible checks).
fens = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "startpos", "4k3/8/8/8/8/8/8/4K2R w K -"]
for i, f in enumerate(fens):
    put("fen", f"{i:02d}", bytes([1 if "HFhf" in f else 0]) + f.encode())

# Decoder: first byte = options (0x10 force, 0x20 prefer encoding (low 4 bits), 0x40 keep CR).
put("decode", "ascii-crlf", b"\x00[Event \"x\"]\r\n1. e4 *\r\n")
put("decode", "latin1", b"\x00" + (root / "samples" / "latin1-zurich.pgn").read_bytes())
put("decode", "cp1251", b"\x00" + (root / "tests" / "fixtures" / "pgn" / "russian-cp1251.pgn").read_bytes()[:800])
put("decode", "cp866-forced", b"\x18" + (root / "tests" / "fixtures" / "pgn" / "russian-cp866.pgn").read_bytes()[:800])
put("decode", "utf8-bom", b"\x00\xef\xbb\xbf\xc3\xa9t\xc3\xa9 \xe2\x99\x98f3\r")
put("decode", "utf16be", b"\x00" + "\ufeffe4 e5".encode("utf-16-be"))

# Round trip: bytes 0-1 = start (odd first byte: Chess960 number), then one byte per move.
put("roundtrip", "standard", bytes([0, 0]) + bytes(range(0, 120, 3)))
put("roundtrip", "chess960", bytes([1 | (1 << 1), 6]) + bytes(range(7, 200, 5)))
put("roundtrip", "promotions", bytes([0, 0]) + bytes([17, 200, 33, 91, 250, 4, 77, 123, 9, 66] * 8))

# Shards: first byte = N - 2 (N from 2 to 5), then an archive whose boundaries are hard to cut:
# every PGN sample (code pages among them), a comment and a tag value holding `\n[Event`, games
# without tags, CRLF, results written twice.
pgn_samples = b"\n\n".join(p.read_bytes() for p in sorted((root / "samples").glob("*.pgn")))
put("shards", "samples-3", b"\x01" + pgn_samples)
put("shards", "samples-5", b"\x03" + pgn_samples + b"\n\n" + pgn_samples)
hard = (b'[Event "a"]\n[Result "1-0"]\n\n1. e4 {a comment\n[Event "inside"]\n} e5 2. Qh5 Nc6 1-0\n\n'
        b'[Event "b\n[Event \\"c\\"]"]\n\n1. d4 d5 *\n\n1. c4 e5 0-1 0-1\n\n'
        b'[Event "d"]\r\n[Site "Z\xfcrich"]\r\n\r\n1. Nf3 Nf6 ; line comment [Event "x"]\r\n2. g3 *\r\n\r\n'
        b'1. e4 e5 2. Ke3 *\n\n[Event "e"]\n[White "\xc8\xe2\xe0\xed\xee\xe2"]\n\n1. f4 *\n')
put("shards", "boundaries-2", b"\x00" + hard)
put("shards", "boundaries-4", b"\x02" + hard * 3)

# Compressed input: first byte = format (mod 3: zstd, gzip, xz) and where the data is cut and
# changed; then the text compressed.
put("compressed", "zstd-samples", b"\x00" + pgn_samples)
put("compressed", "gzip-samples", b"\x01" + pgn_samples)
put("compressed", "xz-samples", b"\x05" + pgn_samples)
put("compressed", "zstd-empty", b"\x03")
put("compressed", "gzip-short", b"\x04" + b"[Event \"x\"]\n1. e4 *\n")
