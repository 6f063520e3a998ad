// converters/decode: detection, conversion, line ends and the map back to original bytes.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "converters/input/decode.hpp"

using namespace planilla;

namespace {
std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(PLANILLA_SOURCE_DIR) + "/tests/fixtures/pgn/" + name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
DecodeOptions forced(Encoding e) {
  DecodeOptions o;
  o.force = e;
  return o;
}
}  // namespace

TEST_CASE("decode: detection table") {
  struct Row {
    std::string bytes;
    Encoding encoding;
    std::string text;
  };
  const Row rows[] = {
      {"1. e4 e5 *", Encoding::Ascii, "1. e4 e5 *"},
      {"[White \"Polg\xC3\xA1r\"]", Encoding::Utf8, "[White \"Polgár\"]"},
      {"\xEF\xBB\xBF[Event \"x\"]", Encoding::Utf8Bom, "[Event \"x\"]"},
      {std::string("\xFF\xFE"
                   "e\0\xE9\0",
                   6),
       Encoding::Utf16Le, "eé"},
      {std::string("\xFE\xFF"
                   "\0e\0\xE9\x26\x58",
                   8),
       Encoding::Utf16Be, "eé♘"},
      {"[White \"Polg\xE1r, Judit\"] {M\xFCller}", Encoding::Latin1, "[White \"Polgár, Judit\"] {Müller}"},
      {"{\x93quoted\x94 \x80 5}", Encoding::Windows1252, "{“quoted” € 5}"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.text);
    Decoded d = decode(row.bytes);
    CHECK(d.encoding == row.encoding);
    CHECK(d.text() == row.text);
    CHECK(d.invalid_bytes == 0);
  }
}

TEST_CASE("decode: ASCII and UTF-8 take the fast path without copying") {
  std::string ascii = "[Event \"x\"]\n1. e4 *\n";
  Decoded a = decode(ascii);
  CHECK(a.text().data() == ascii.data());
  CHECK(a.map.identity());
  std::string utf8 = "{½-½ ♘f3}\n";
  Decoded u = decode(utf8);
  CHECK(u.encoding == Encoding::Utf8);
  CHECK(u.text().data() == utf8.data());
}

TEST_CASE("decode: Russian game in CP1251 and CP866 (own fixtures)") {
  std::string expected = read_fixture("russian-utf8.pgn");
  REQUIRE(!expected.empty());
  Decoded cp1251 = decode(read_fixture("russian-cp1251.pgn"));
  CHECK(cp1251.encoding == Encoding::Windows1251);
  CHECK(cp1251.text() == expected);
  Decoded cp866 = decode(read_fixture("russian-cp866.pgn"));
  CHECK(cp866.encoding == Encoding::Cp866);
  CHECK(cp866.text() == expected);
  // Round trip back into the original code pages (used for rejects).
  CHECK(encode(expected, Encoding::Cp866) == read_fixture("russian-cp866.pgn"));
  CHECK(encode(expected, Encoding::Windows1251) == read_fixture("russian-cp1251.pgn"));
}

TEST_CASE("decode: Russian text in KOI8-R, and windows-1251 and KOI8-R told apart in either case") {
  // KOI8-R's lower-case letters sit where windows-1251 has its capitals and the reverse, so a
  // reading in the wrong one of the two is as Cyrillic as the right one: the case pattern of the
  // words and the frequent letters tell them apart.
  const std::string expected = read_fixture("russian-utf8.pgn");
  REQUIRE(!expected.empty());
  const std::string koi8 = encode(expected, Encoding::Koi8r);
  const Decoded d = decode(koi8);
  CHECK(d.encoding == Encoding::Koi8r);
  CHECK(d.text() == expected);
  struct Row {
    const char* tags;  // UTF-8
  };
  const Row rows[] = {
      {"[White \"Карпов, Анатолий\"]"},                                          // capitalised names
      {"[White \"Георгий Марко\"]\n[Site \"Париж\"]"},                           // short ones
      {"[Event \"ЧЕМПИОНАТ СССР\"]\n[White \"КАРПОВ\"]\n[Black \"СПАССКИЙ\"]"},  // capitals only
      {"[Annotator \"шахматный клуб\"]\n[Site \"москва\"]"},                     // lower case only
  };
  for (const Row& row : rows) {
    CAPTURE(row.tags);
    const std::string game = std::string(row.tags) + "\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    for (Encoding e : {Encoding::Windows1251, Encoding::Koi8r, Encoding::Cp866}) {
      CAPTURE(encoding_name(e));
      const std::string bytes = encode(game, e);
      CHECK(detect_encoding(bytes) == e);
      CHECK(decode(bytes).text() == game);
    }
  }
}

TEST_CASE("decode: Central European names whose Western reading puts symbols inside words") {
  // Polish `ł` is windows-1252's `³`, `ą` `¹` (windows-1250) or `±` (ISO-8859-2), Slovak `ľ` `¾`:
  // read as Western text the names changed with nothing said but an N-ENCODING note.
  struct Row {
    const char* tags;  // UTF-8
    Encoding encoding;
  };
  const Row rows[] = {
      {"[White \"Wojtaszek, Radosław\"]\n[Site \"Wrocław\"]", Encoding::Windows1250},  // ł: both alike
      {"[White \"Świątek, Łukasz\"]\n[Site \"Łódź\"]", Encoding::Windows1250},
      {"[White \"Świątek, Łukasz\"]\n[Site \"Łódź\"]", Encoding::Iso8859_2},
      {"[White \"Ľupták, Ján\"]\n[Site \"Žilina\"]\n[Black \"Šťastný, Ľuboš\"]", Encoding::Windows1250},
      {"[White \"Ľupták, Ján\"]\n[Site \"Žilina\"]\n[Black \"Šťastný, Ľuboš\"]", Encoding::Iso8859_2},
  };
  for (const Row& row : rows) {
    CAPTURE(row.tags);
    CAPTURE(encoding_name(row.encoding));
    const std::string game = std::string(row.tags) + "\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    const std::string bytes = encode(game, row.encoding);
    const Decoded d = decode(bytes);
    // `ł` is the same byte in both: either reading gives the same text.
    CHECK((d.encoding == row.encoding || (d.encoding == Encoding::Windows1250 && row.encoding == Encoding::Iso8859_2)));
    CHECK(d.text() == game);
  }
  // Western names keep their Western reading: their high bytes are letters in all three, or
  // symbols in all three (Catalan `l·l`, `O’Brien`, `¿Qué`).
  for (const char* tags : {"[White \"Müller, Jörg\"]\n[Site \"Düsseldorf\"]", "[White \"Núñez, Iñaki\"]",
                           "[Site \"Col·legi de Sant Cugat\"]\n[White \"O’Brien\"]", "[Site \"Brøndum, Ærø\"]",
                           "{¿Qué? ¡Bien! Nº 5, 1ª ronda, cœur}"}) {
    CAPTURE(tags);
    const std::string game = std::string(tags) + "\n\n1. e4 e5 *\n";
    const Decoded d = decode(encode(game, Encoding::Windows1252));
    CHECK((d.encoding == Encoding::Windows1252 || d.encoding == Encoding::Latin1));
    CHECK(d.text() == game);
  }
  CHECK(encoding_from_name("latin2") == Encoding::Iso8859_2);
  CHECK(encoding_from_name("cp1250") == Encoding::Windows1250);
}

TEST_CASE("decode: Greek and Turkish code pages") {
  // Greek read as windows-1251 was Cyrillic text (`КпфсщнйЬт` for `Κοτρωνιάς`), Turkish read as
  // Western text had Icelandic letters (`Þahin, Yýlmaz`).
  struct Row {
    const char* tags;  // UTF-8
    Encoding encoding;
    std::optional<Encoding> read_as;  // when another encoding decodes the same text
  };
  const Row rows[] = {
      {"[White \"Κοτρωνιάς, Βασίλειος\"]\n[Site \"Αθήνα\"]", Encoding::Windows1253, std::nullopt},
      {"[White \"Κοτρωνιάς, Βασίλειος\"]\n[Site \"Αθήνα\"]", Encoding::Iso8859_7, Encoding::Windows1253},
      {"[White \"Άγγελος Παπαϊωάννου\"]\n[Site \"Ηράκλειο\"]", Encoding::Iso8859_7, std::nullopt},  // Ά: 0xB6
      {"[White \"Yılmaz, Ertuğrul\"]\n[Black \"Esen, Barış\"]", Encoding::Iso8859_9, std::nullopt},
      {"[White \"Yılmaz, Ertuğrul\"]\n[Black \"Esen, Barış\"] {“İstanbul”}", Encoding::Windows1254, std::nullopt},
  };
  for (const Row& row : rows) {
    CAPTURE(row.tags);
    CAPTURE(encoding_name(row.encoding));
    const std::string game = std::string(row.tags) + "\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    const Decoded d = decode(encode(game, row.encoding));
    CHECK(d.encoding == row.read_as.value_or(row.encoding));
    CHECK(d.text() == game);
  }
  // Greek and Turkish piece letters in moves (`Ιf3`, `Şg1`), with ASCII tags.
  const std::pair<const char*, Encoding> moves[] = {
      {"1. e4 e5 2. Ιf3 Ιc6 3. Αb5 a6 4. Αa4 Ιf6 5. O-O Αe7 6. Πe1 b5 *", Encoding::Windows1253},
      {"1. e4 e5 2. Af3 Ac6 3. Fc4 Fc5 4. Şe2 Şe7 5. Vh5 Vh4 *", Encoding::Iso8859_9},
  };
  for (const auto& [movetext, encoding] : moves) {
    CAPTURE(movetext);
    const std::string game = std::string("[Site \"x\"]\n\n") + movetext + "\n";
    const Decoded d = decode(encode(game, encoding));
    CHECK(d.encoding == encoding);
    CHECK(d.text() == game);
  }
  // Western names with `ý` `ð` `þ` keep their reading: Czech `ý` alone, Icelandic names with
  // their vowels, `Guðmundur` alone. Russian text in every case and code page stays Russian
  // (KOI8-R's capitals are nearly a Greek transliteration: `ГЕОРГИЙ` would read `ηεος…`).
  for (const char* tags : {"[White \"Novotný, Jan\"]", "[White \"Steingrímsson, Héðinn\"]",
                           "[White \"Þórhallsson, Þröstur\"]", "[White \"Kjartansson, Guðmundur\"]"}) {
    CAPTURE(tags);
    const std::string game = std::string(tags) + "\n\n1. e4 e5 *\n";
    const Decoded d = decode(encode(game, Encoding::Latin1));
    CHECK(d.encoding == Encoding::Latin1);
    CHECK(d.text() == game);
  }
  for (const char* tags : {"[White \"ГЕОРГИЙ МАРКО\"]\n[Site \"ПАРИЖ\"]", "[White \"Давид Яновский\"]",
                           "[Annotator \"шахматный клуб\"]"}) {
    for (Encoding e : {Encoding::Windows1251, Encoding::Koi8r, Encoding::Cp866}) {
      CAPTURE(tags);
      CAPTURE(encoding_name(e));
      const std::string game = std::string(tags) + "\n\n1. e4 e5 *\n";
      CHECK(decode(encode(game, e)).encoding == e);
    }
  }
}

TEST_CASE("decode: KOI8-U where its Ukrainian letters stand next to letters, KOI8-R elsewhere") {
  // KOI8-U puts є і ї ґ (and capitals) where KOI8-R has box-drawing signs: read as KOI8-R,
  // `Київ` lost its `ї`.
  const std::string ukrainian = "[White \"Олександр Білий\"]\n[Site \"Київ, Україна\"]\n\n1. e4 e5 *\n";
  const Decoded u = decode(encode(ukrainian, Encoding::Koi8u));
  CHECK(u.encoding == Encoding::Koi8u);
  CHECK(u.text() == ukrainian);
  const std::string russian = "[White \"Александр Белый\"]\n[Site \"Москва\"]\n\n1. e4 e5 *\n";
  const Decoded r = decode(encode(russian, Encoding::Koi8r));
  CHECK(r.encoding == Encoding::Koi8r);
  CHECK(r.text() == russian);
  CHECK(encoding_from_name("koi8-u") == Encoding::Koi8u);
}

TEST_CASE("decode: a short Cyrillic tag alone is still Cyrillic, German names stay Latin") {
  // "Карпов" in CP1251 and in CP866.
  CHECK(detect_encoding("[White \"\xCA\xE0\xF0\xEF\xEE\xE2\"]") == Encoding::Windows1251);
  CHECK(detect_encoding("[White \"\x8A\xA0\xE0\xAF\xAE\xA2\"]") == Encoding::Cp866);
  CHECK(detect_encoding("[White \"M\xFC"
                        "ller\"] [Black \"J\xF6"
                        "rg Kr\xE4"
                        "mer\"] {Er\xF6"
                        "ffnung}") == Encoding::Latin1);
  // Little evidence: the file's choice wins.
  CHECK(detect_encoding("{\xE9}", Encoding::Cp866) == Encoding::Cp866);
}

TEST_CASE("decode: piece letters in moves name the code page when nothing else is Cyrillic") {
  // Russian, Ukrainian, Belarusian, Bulgarian and Serbian movetext whose only Cyrillic bytes are
  // the piece letters, each standing alone before an ASCII square: read as windows-1252 they were
  // accented capitals (`Êf3`), and every piece move was E-SYNTAX.
  struct Row {
    const char* movetext;  // UTF-8
    const char* tags;      // ASCII or Latin-1 tag values
  };
  const Row rows[] = {
      {"1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сa4 Кf6 5. O-O Сe7 6. Лe1 b5 7. Сb3 d6 8. c3 O-O *", "Paris"},
      {"1. d4 Кf6 2. c4 e6 3. Кc3 Сb4 4. Фc2 O-O 5. a3 Сxc3+ 6. Фxc3 b6 7. Крd1 *", "Kiev"},
      {"1. e4 c5 2. Кf3 d6 3. d4 cxd4 4. Кxd4 Кf6 5. Кc3 a6 6. Тg1 e5 7. Тh1 *", "Lviv"},
      {"1. e4 e5 2. Кf3 Кc6 3. Лb5 a6 4. Лa4 Кf6 5. O-O Лe7 6. Тe1 b5 *", "Sofia"},
      {"1. e4 e5 2. Сf3 Сc6 3. Лb5 a6 4. Лa4 Сf6 5. O-O Лe7 6. Тe1 b5 7. Дe2 *", "Beograd"},
      {"1. e4 e5 2. Кf3 Кc6 3. Сb5 a6 4. Сxc6 dxc6 5. O-O Фd6 6. Кa3 *", "M\xFCnchen"},
  };
  for (const Row& row : rows) {
    const std::string game = std::string("[Site \"") + row.tags + "\"]\n\n" + row.movetext + "\n";
    CAPTURE(game);
    for (Encoding e : {Encoding::Windows1251, Encoding::Cp866, Encoding::Koi8r}) {
      CAPTURE(encoding_name(e));
      // The tags go in as they are (ASCII, or one Latin-1 byte: ü is a Cyrillic letter in either
      // code page and weighs nothing against the moves); the movetext goes into the code page.
      const std::string bytes = std::string("[Site \"") + row.tags + "\"]\n\n" + encode(row.movetext, e) + "\n";
      CHECK(detect_encoding(bytes) == e);
      CHECK(detect_encoding(bytes, Encoding::Windows1252) == e);
      const Decoded d = decode(bytes);
      CHECK(d.encoding == e);
      CHECK(d.text().find(row.movetext) != std::string_view::npos);
    }
  }
  // Where the bytes are no piece letter in a Cyrillic code page, or are one in two code pages
  // alike, the old evidence decides. Lithuanian `Ž` (windows-1252 0x8E) is CP866's `О` (a
  // Bulgarian bishop): a tie, and the C1 byte keeps it windows-1252.
  CHECK(detect_encoding("1. e4 e5 2. \x8E"
                        "f3 \x8E"
                        "c6 3. Bb5 a6 *") == Encoding::Windows1252);
  // Accented capitals before squares in Latin-1 comments that are no Cyrillic piece letter
  // (`È` is windows-1251 `И`, CP866 box drawing).
  CHECK(detect_encoding("[White \"M\xFCller\"] {\xC8"
                        "e5 \xC8"
                        "d4 \xC8"
                        "c3} 1. e4 *") == Encoding::Latin1);
  // One such move is chance, not evidence: a French comment's `Êtes` is no move at all, and one
  // `Êe4` stays Latin-1 beside its names.
  CHECK(detect_encoding("[White \"J\xE9r\xF4me\"] {\xCAtes-vous \xCA"
                        "e4} 1. e4 *") == Encoding::Latin1);
}

TEST_CASE("decode: explicit override") {
  Decoded d = decode("\xE9", forced(Encoding::Windows1251));
  CHECK(d.forced);
  CHECK(d.text() == "й");
  Decoded bad = decode(
      "a\xFF"
      "b",
      forced(Encoding::Utf8));
  CHECK(bad.text() ==
        "a\xEF\xBF\xBD"
        "b");
  CHECK(bad.invalid_bytes == 1);
  CHECK(bad.first_invalid == 1);
}

TEST_CASE("decode: CRLF and CR become LF, positions map to the original bytes") {
  std::string bytes = "ab\r\ncd\ref\r\n\xE9g";
  Decoded d = decode(bytes, forced(Encoding::Latin1));
  REQUIRE(d.text() == "ab\ncd\nef\nég");
  struct Row {
    std::uint64_t decoded, original;
  };
  const Row rows[] = {{0, 0}, {2, 2}, {3, 4}, {5, 6}, {6, 7}, {8, 9}, {9, 11}, {11, 12}};
  for (const Row& r : rows) {
    CAPTURE(r.decoded);
    CHECK(d.map.original(r.decoded) == r.original);
  }
  LineColumn lc = line_column(d.text(), 11);
  CHECK(lc.line == 4);
  CHECK(lc.column == 2);  // 'g' after the two-byte é: column in code points
  CHECK(line_column(d.text(), 1, 7, 5).column == 6);
  CHECK(line_column(d.text(), 4, 7, 5).column == 2);
}

TEST_CASE("decode: Latin-1 runs of every length, high bytes and CRs at every place in a word") {
  // The decoder copies ASCII runs a word (8 bytes) at a time: a high byte or a CR at each offset
  // of a word, after runs of 0 to 20 bytes, must decode and map as a byte-by-byte walk does.
  for (std::size_t run = 0; run <= 20; ++run) {
    for (const std::string special : {"\xE9", "\r\n", "\r", "\xE9\xE8", "\r\xE9"}) {
      std::string bytes;
      std::string expected;
      std::vector<std::uint64_t> original;  // expected[i] comes from bytes[original[i]]
      auto plain = [&](std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
          original.push_back(bytes.size());
          expected += static_cast<char>('a' + i % 26);
          bytes += static_cast<char>('a' + i % 26);
        }
      };
      plain(run);
      for (std::size_t i = 0; i < special.size(); ++i) {
        const auto c = static_cast<unsigned char>(special[i]);
        if (c == '\r') {
          const bool crlf = i + 1 < special.size() && special[i + 1] == '\n';
          original.push_back(bytes.size());
          expected += '\n';
          bytes += crlf ? "\r\n" : "\r";
          i += crlf ? 1 : 0;
        } else {
          original.push_back(bytes.size());
          original.push_back(bytes.size());
          expected += static_cast<char>(0xC0 | (c >> 6));
          expected += static_cast<char>(0x80 | (c & 0x3F));
          bytes += special[i];
        }
      }
      plain(9);
      CAPTURE(run);
      CAPTURE(special);
      const Decoded d = decode(bytes, forced(Encoding::Latin1));
      REQUIRE(d.text() == expected);
      for (std::size_t i = 0; i < expected.size(); ++i) {
        // (the second byte of a two-byte letter maps to its end, as any offset inside a character)
        if (i > 0 && original[i] == original[i - 1]) continue;
        CAPTURE(i);
        CHECK(d.map.original(i) == original[i]);
      }
      CHECK(d.map.original(expected.size()) == bytes.size());
    }
  }
}

TEST_CASE("decode: a code page's text of letters maps by counting its characters, as by anchors") {
  // Windows-1251 text dense with letters (the map counts characters: OffsetMap::count_characters)
  // with CRLF, lone CR, a byte the page lacks (U+FFFD, three bytes) and `№` (U+2116, three bytes)
  // at seeded places and in runs past the map's checkpoints: every offset, searched and through a
  // hint, is the input byte of the character it falls in, or the next character's when it falls
  // inside one (as the anchors answer: the runs-of-every-length test above).
  std::uint64_t state = 1251;
  auto next = [&](std::size_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::size_t>((state >> 33) % n);
  };
  for (int round = 0; round < 12; ++round) {
    CAPTURE(round);
    std::string bytes;
    std::vector<std::uint64_t> original;  // the input offset each byte of the text maps to
    std::size_t text_size = 0;
    const std::size_t pieces = round < 10 ? 40 + next(400) : 3000;  // (the last two: past checkpoints)
    for (std::size_t k = 0; k < pieces; ++k) {
      const std::size_t pick = next(12);
      const std::size_t at = bytes.size();
      if (pick == 0) {  // CRLF: one LF
        bytes += "\r\n";
        original.push_back(at);
        text_size += 1;
      } else if (pick == 1) {  // a lone CR: one LF
        bytes += "\r";
        original.push_back(at);
        text_size += 1;
      } else if (pick == 2 || pick == 3) {  // `№` or 0x98 (no character): three bytes
        bytes += pick == 2 ? "\xB9" : "\x98";
        original.insert(original.end(), {at, at + 1, at + 1});
        text_size += 3;
      } else if (pick == 4) {
        bytes += ' ';
        original.push_back(at);
        text_size += 1;
      } else {  // a Cyrillic letter: two bytes
        bytes += static_cast<char>(0xC0 + next(64));
        original.insert(original.end(), {at, at + 1});
        text_size += 2;
      }
    }
    const Decoded d = decode(bytes, forced(Encoding::Windows1251));
    REQUIRE(d.map.counts_characters());
    REQUIRE(d.text().size() == text_size);
    OffsetMap::Hint hint;
    for (std::size_t i = 0; i < text_size; ++i) {
      CAPTURE(i);
      REQUIRE(d.map.original(i) == original[i]);
      REQUIRE(d.map.original(i, hint) == original[i]);
    }
    CHECK(d.map.original(text_size) == bytes.size());
    // A decoded text that moves keeps its map pointed at it.
    Decoded moved = decode(bytes, forced(Encoding::Windows1251));
    Decoded target;
    target = std::move(moved);
    for (std::size_t i = 0; i < text_size; i += 1 + next(7)) REQUIRE(target.map.original(i) == original[i]);
  }
  // A short text lives inside the string (no heap block): moved, its bytes move, and the map must
  // follow them (the sanitizer build reads the first place's stack after its scope otherwise).
  Decoded kept;
  {
    Decoded shah = decode("\xD8\xE0\xF5", forced(Encoding::Windows1251));  // `Шах`, six bytes of UTF-8
    REQUIRE(shah.map.counts_characters());
    kept = std::move(shah);
  }
  REQUIRE(kept.text() == "Шах");
  CHECK(kept.map.original(2) == 1);
  CHECK(kept.map.original(3) == 2);
  CHECK(kept.map.original(6) == 3);
}

TEST_CASE("decode: a NUL byte in a code page's text is a NUL, dense or sparse") {
  // The in-place decoder writes a byte through a table; a NUL is ASCII, itself, one byte (as
  // U+FFFD, three, it overran the text's measured size: fuzz_decode's find).
  for (const std::string& letters : {std::string("\xD8\xE0\xF5\xEC\xE0\xF2\xFB"), std::string("\xE9")}) {
    std::string bytes;
    for (int k = 0; k < 40; ++k) bytes += std::string(1, '\0') + letters + "ab" + std::string(3, '\0');
    const Decoded d = decode(bytes, forced(Encoding::Windows1251));
    CAPTURE(letters.size());
    CHECK(d.invalid_bytes == 0);
    CHECK(std::count(d.text().begin(), d.text().end(), '\0') == 40 * 4);
    CHECK(d.text().size() == bytes.size() + 40 * letters.size());
    CHECK(d.map.original(d.text().size()) == bytes.size());
  }
}

TEST_CASE("decode: offsets found from a hint are the offsets searched for, in any order (seeded)") {
  // A CRLF Latin-1 text has an anchor at every line end and letter: the hint steps through them
  // for offsets asked in increasing order, and falls back to the search for one asked out of order.
  std::uint64_t state = 77;
  auto next = [&](std::size_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::size_t>((state >> 33) % n);
  };
  std::string bytes;
  for (int k = 0; k < 400; ++k) {
    const std::size_t pick = next(10);
    bytes += pick == 0 ? "\r\n" : pick == 1 ? "\xE9" : pick == 2 ? "\r" : std::string(1 + next(6), 'a');
  }
  const Decoded d = decode(bytes, forced(Encoding::Latin1));
  const std::size_t size = d.text().size();
  OffsetMap::Hint hint;
  for (std::size_t at = 0; at <= size; ++at) {  // in order, every offset
    CAPTURE(at);
    REQUIRE(d.map.original(at, hint) == d.map.original(at));
  }
  for (int k = 0; k < 2000; ++k) {  // forward steps with jumps back
    const std::size_t at = next(4) == 0 ? next(size + 1) : std::min(size, static_cast<std::size_t>(k % (size + 1)));
    CAPTURE(at);
    REQUIRE(d.map.original(at, hint) == d.map.original(at));
  }
}

TEST_CASE("decode: the packed map answers as plain pairs of offsets do (seeded)") {
  // The anchors as pairs, searched as the map's contract says (OffsetMap in decode.hpp): before
  // the first anchor the text is the input's; from an anchor on, one byte a byte, never past the
  // next anchor's original.
  struct Pairs {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> anchors;
    std::uint64_t original(std::uint64_t d) const {
      std::size_t upper = 0;
      while (upper < anchors.size() && anchors[upper].first <= d) ++upper;
      const std::uint64_t limit = upper == anchors.size() ? UINT64_MAX : anchors[upper].second;
      if (upper == 0) return std::min(d, limit);
      return std::min(anchors[upper - 1].second + (d - anchors[upper - 1].first), limit);
    }
    void add(std::uint64_t d, std::uint64_t o) {
      if (original(d) == o) return;
      if (!anchors.empty() && anchors.back().first == d) anchors.back().second = o;
      else anchors.emplace_back(d, o);
    }
  };
  std::uint64_t state = 2026;
  auto next = [&](std::uint64_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % n;
  };
  for (int round = 0; round < 40; ++round) {
    CAPTURE(round);
    Pairs pairs;
    OffsetMap map;
    std::uint64_t d = next(3), o = next(5);
    const int anchors = static_cast<int>(next(200));
    for (int k = 0; k < anchors; ++k) {
      // Small steps (one byte each), long ones (past a nibble), an equal decoded offset (which
      // replaces the original), and an original that steps back (a BOM-like removal, undone).
      switch (next(6)) {
        case 0: d += 1 + next(15), o += next(16); break;
        case 1: d += 16 + next(5000), o += next(7000); break;
        case 2: o += 1 + next(3); break;
        case 3: d += 1 + next(4), o = o > 2 ? o - next(3) : o; break;
        default: d += 2, o += 1; break;
      }
      pairs.add(d, o);
      map.add(d, o);
    }
    OffsetMap::Hint hint;
    for (std::uint64_t at = 0; at <= d + 3; ++at) {
      CAPTURE(at);
      REQUIRE(map.original(at) == pairs.original(at));
      REQUIRE(map.original(at, hint) == pairs.original(at));
    }
  }
}

TEST_CASE("decode: a code page's letters cost about a byte each in the map") {
  // Windows-1251 text: every letter two bytes of UTF-8, an anchor each. 16 bytes an anchor made
  // an 8 MiB game's map 200 MiB.
  std::string bytes;
  for (int i = 0; i < 100000; ++i) bytes += "\xD8\xE0\xF5\xEC\xE0\xF2\xFB ";  // `Шахматы `
  const Decoded d = decode(bytes, forced(Encoding::Windows1251));
  REQUIRE(d.text().size() == 100000 * 15);
  std::size_t hint_checks = 0;
  OffsetMap::Hint hint;
  for (std::size_t at = 0; at < d.text().size(); at += 2 + (at % 7 == 0)) {
    REQUIRE(d.map.original(at, hint) == d.map.original(at));
    ++hint_checks;
  }
  CHECK(hint_checks > 500000);
  CHECK(d.map.memory() < 3 * 700000);  // 700,000 letters, 16 bytes each before
  CHECK(d.map.original(d.text().size()) == bytes.size());
  CHECK(d.map.original(15) == 8);  // the second word's first letter
}

TEST_CASE("decode: BOM offsets") {
  Decoded d = decode("\xEF\xBB\xBFxy");
  CHECK(d.text() == "xy");
  CHECK(d.map.original(0) == 3);
  CHECK(d.map.original(1) == 4);
}

TEST_CASE("decode: names") {
  CHECK(encoding_from_name("Latin1") == Encoding::Latin1);
  CHECK(encoding_from_name("CP866") == Encoding::Cp866);
  CHECK(encoding_from_name("KOI8-R") == Encoding::Koi8r);
  CHECK(encoding_from_name("koi8r") == Encoding::Koi8r);
  CHECK(encoding_name(Encoding::Koi8r) == "KOI8-R");
  CHECK(encoding_from_name("windows-1251") == Encoding::Windows1251);
  CHECK(!encoding_from_name("ebcdic"));
  CHECK(encoding_name(Encoding::Windows1252) == "windows-1252");
  CHECK(is_valid_utf8("\xC3\xA9"));
  CHECK(!is_valid_utf8("\xC0\xAF"));      // overlong
  CHECK(!is_valid_utf8("\xED\xA0\x80"));  // surrogate
}
