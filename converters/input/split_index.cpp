#include "converters/input/split_index.hpp"

#include <algorithm>
#include <charconv>
#include <cinttypes>
#include <cstdio>

#include "converters/input/decode.hpp"

namespace planilla {

namespace {

constexpr std::string_view kMagic = "planilla-index 1";
constexpr std::size_t kFingerprintSide = 32;

// The next line of `text` from `pos` (without its LF); false at the end.
bool next_line(std::string_view text, std::size_t& pos, std::string_view& line) {
  if (pos >= text.size()) return false;
  const std::size_t end = std::min(text.find('\n', pos), text.size());
  line = text.substr(pos, end - pos);
  pos = end + 1;
  return true;
}

// Splits `line` at single spaces.
std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t pos = 0;
  while (pos <= line.size()) {
    const std::size_t end = std::min(line.find(' ', pos), line.size());
    out.push_back(line.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

template <class T>
bool number(std::string_view text, T& out, int base = 10) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out, base);
  return ec == std::errc{} && end == text.data() + text.size() && !text.empty();
}

// "size 123": the value after `key`.
template <class T>
bool keyed(std::string_view line, std::string_view key, T& out) {
  const std::vector<std::string_view> f = fields(line);
  return f.size() == 2 && f[0] == key && number(f[1], out);
}

}  // namespace

std::string split_index_path(const std::string& input_path) { return input_path + ".planilla-index"; }

std::uint64_t split_fingerprint(std::string_view bytes, std::uint64_t offset) {
  const std::uint64_t at = std::min<std::uint64_t>(offset, bytes.size());
  const std::uint64_t begin = at > kFingerprintSide ? at - kFingerprintSide : 0;
  const std::uint64_t end = std::min<std::uint64_t>(at + kFingerprintSide, bytes.size());
  std::uint64_t h = 0xcbf29ce484222325u;  // FNV-1a, 64 bits
  for (std::uint64_t i = begin; i < end; ++i) {
    h ^= static_cast<unsigned char>(bytes[i]);
    h *= 0x100000001b3u;
  }
  return h;
}

std::uint64_t default_index_spacing(std::uint64_t size) {
  constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
  return std::max(kMiB, (size / 4096 + kMiB - 1) / kMiB * kMiB);
}

std::optional<SplitIndex> build_split_index(const InputFile& input, std::uint64_t every, std::string& error) {
  if (input.path == "-") {
    error = "an index needs a file, not standard input";
    return std::nullopt;
  }
  const std::optional<MappedFile> file = MappedFile::open(input.path, error);
  if (!file) return std::nullopt;
  if (const Compression c = detect_compression(file->bytes().substr(0, 8)); c != Compression::None) {
    error = input.path + " is " + std::string(compression_name(c)) +
            "-compressed; shards (and their index) need the plain file: decompress it first";
    return std::nullopt;
  }
  SplitIndex index;
  index.size = file->bytes().size();
  index.mtime_ns = file->mtime_ns();
  index.every = std::max<std::uint64_t>(every, 1);
  const SplitReadAt read_at = file->read_at();
  SplitStart last;
  for (std::uint64_t at = index.every; at < index.size; at += index.every) {
    // Each walk goes on from the previous start: the file is walked once in all.
    const SplitStart start = find_split_start(file->bytes(), at, std::nullopt, read_at, last);
    if (start.offset > last.offset) {
      index.points.push_back({start, split_fingerprint(file->bytes(), start.offset)});
      last = start;
    }
  }
  return index;
}

std::string format_split_index(const SplitIndex& index) {
  std::string out(kMagic);
  out += "\nsize " + std::to_string(index.size) + "\nmtime-ns " + std::to_string(index.mtime_ns) + "\nevery " +
         std::to_string(index.every) + "\n";
  for (const SplitIndex::Point& p : index.points) {
    char fingerprint[17];
    std::snprintf(fingerprint, sizeof fingerprint, "%016" PRIx64, p.fingerprint);
    out += std::to_string(p.start.offset) + ' ' + std::to_string(p.start.line) + ' ' +
           std::to_string(p.start.games_before) + ' ' +
           (p.start.encoding ? std::string(encoding_name(*p.start.encoding)) : std::string("-")) + ' ' + fingerprint +
           '\n';
  }
  return out;
}

std::optional<SplitIndex> parse_split_index(std::string_view text, std::string& error) {
  SplitIndex index;
  std::size_t pos = 0;
  std::string_view line;
  std::size_t number_of_line = 0;
  const auto fail = [&](std::string_view what) {
    error = "line " + std::to_string(number_of_line) + ": " + std::string(what);
    return std::nullopt;
  };
  const auto header = [&](std::string_view key, auto& out) {
    ++number_of_line;
    return next_line(text, pos, line) && keyed(line, key, out);
  };
  ++number_of_line;
  if (!next_line(text, pos, line) || line != kMagic) return fail("not a planilla split index (version 1)");
  if (!header("size", index.size)) return fail("expected 'size BYTES'");
  if (!header("mtime-ns", index.mtime_ns)) return fail("expected 'mtime-ns NANOSECONDS'");
  if (!header("every", index.every)) return fail("expected 'every BYTES'");
  while (next_line(text, pos, line)) {
    ++number_of_line;
    if (line.empty()) continue;
    const std::vector<std::string_view> f = fields(line);
    SplitIndex::Point p;
    if (f.size() != 5 || !number(f[0], p.start.offset) || !number(f[1], p.start.line) ||
        !number(f[2], p.start.games_before) || f[4].size() != 16 || !number(f[4], p.fingerprint, 16))
      return fail("expected 'OFFSET LINE GAMES ENCODING FINGERPRINT'");
    if (f[3] != "-") {
      p.start.encoding = encoding_from_name(f[3]);
      if (!p.start.encoding) return fail("unknown encoding '" + std::string(f[3]) + "'");
    }
    const std::uint64_t previous = index.points.empty() ? 0 : index.points.back().start.offset;
    if (p.start.offset <= previous || p.start.offset >= index.size || p.start.line == 0)
      return fail("offsets must increase, and lie inside the file");
    index.points.push_back(p);
  }
  return index;
}

std::optional<SplitStart> split_index_point(const SplitIndex& index, std::string_view bytes, std::int64_t mtime_ns,
                                            std::uint64_t at, std::string& why) {
  why.clear();
  if (index.size != bytes.size() || index.mtime_ns != mtime_ns) {
    why = "the file changed since the index was written (size or modification time); run 'planilla index' again";
    return std::nullopt;
  }
  const auto after = std::upper_bound(index.points.begin(), index.points.end(), at,
                                      [](std::uint64_t a, const SplitIndex::Point& p) { return a < p.start.offset; });
  if (after == index.points.begin()) return std::nullopt;
  const SplitIndex::Point& p = *std::prev(after);
  if (split_fingerprint(bytes, p.start.offset) != p.fingerprint) {
    why = "the file's bytes at offset " + std::to_string(p.start.offset) +
          " are not those indexed; run 'planilla index' again";
    return std::nullopt;
  }
  return p.start;
}

}  // namespace planilla
