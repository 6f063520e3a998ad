#include "cli/shard.hpp"

#include <charconv>

namespace planilla::cli {

void add_shard_option(CLI::App* sub, std::string& shard) {
  sub->add_option(
      "--shard", shard,
      "I/N: only the games that start in the I-th of N equal byte ranges of each input (1 <= I <= N); "
      "the N outputs concatenate to the output of one run (a file, not stdin; 'planilla index FILE' first spares "
      "each shard the walk over the bytes before its range)");
}

bool parse_shard(const std::string& text, ShardSpec& out, Io& io) {
  out = ShardSpec{};
  if (text.empty()) return true;
  const std::size_t slash = text.find('/');
  unsigned i = 0, n = 0;
  bool ok = slash != std::string::npos;
  if (ok) {
    const char* b = text.data();
    auto [end_i, ec_i] = std::from_chars(b, b + slash, i);
    auto [end_n, ec_n] = std::from_chars(b + slash + 1, b + text.size(), n);
    ok = ec_i == std::errc{} && end_i == b + slash && ec_n == std::errc{} && end_n == b + text.size() && n >= 1 &&
         i >= 1 && i <= n;
  }
  if (!ok) {
    io.err << "planilla: --shard " << text << ": expected I/N with 1 <= I <= N (for example 3/8)\n";
    return false;
  }
  out.index = i - 1;
  out.count = n;
  return true;
}

void apply_shard(const ShardSpec& shard, std::uint64_t size, ReadOptions& options) {
  const ByteRange r = shard_range(size, shard.index, shard.count);
  options.range_begin = r.begin;
  options.range_end = r.end;
}

bool prepare_reading(const std::vector<std::string>& inputs, const std::string& from, const std::string& encoding,
                     const std::vector<std::string>& limits, const std::string& shard_text, Io& io, InputSetup& setup,
                     ShardSpec& shard) {
  if (!prepare_inputs(inputs, from, encoding, io, setup)) return false;
  if (!apply_limits(limits, setup.read_options, io)) return false;
  if (!parse_shard(shard_text, shard, io)) return false;
  if (io.in_is_terminal)
    for (const InputFile& file : setup.files.files)
      if (file.path == "-") {
        io.err << "planilla: reading moves from the terminal; end the input with Ctrl-D on a line of its own "
                  "(Ctrl-C cancels)\n";
        break;
      }
  if (shard.count > 1) {
    for (const InputFile& file : setup.files.files) {
      if (file.path == "-") {
        io.err << "planilla: --shard needs files (its byte ranges are computed from the input's size), not stdin\n";
        return false;
      } else if (const Compression c = file_compression(file); c != Compression::None) {
        // A compressed file's byte ranges are not ranges of its text: a shard would have to
        // decompress everything before its range.
        io.err << "planilla: --shard: " << file.path << " is " << compression_name(c)
               << "-compressed; shards are byte ranges of plain text: decompress it first (for example "
               << (c == Compression::Zstd    ? "zstd -d"
                   : c == Compression::Gzip  ? "gzip -dk"
                   : c == Compression::Bzip2 ? "bzip2 -dk"
                                             : "xz -dk")
               << ' ' << file.path << ")\n";
        return false;
      }
    }
  }
  return true;
}

bool for_each_input(std::string_view command, const InputSetup& setup, const ShardSpec& shard, Io& io,
                    OutputTarget* target, const std::function<bool(const OpenInput&)>& read,
                    const std::function<void(const InputFile&)>& starting) {
  // A missing input among others was named by prepare_inputs; the rest are read, exit 2 at the end.
  bool all_opened = !setup.missing;
  std::uint64_t bytes_before = 0;
  for (const InputFile& file : setup.files.files) {
    if (starting) starting(file);
    std::string error;
    auto stream = open_input(file, error);
    if (!stream && target && error.rfind("cannot read ", 0) == 0) {
      // A read error while sniffing the first bytes: the run's failure, as any later read error.
      target->fail(error);
      all_opened = false;
      break;
    }
    if (!stream) {
      io.err << "planilla " << command << ": " << error << '\n';
      all_opened = false;
      continue;
    }
    ReadOptions options = setup.read_options;
    options.file_name = file.display_name;
    apply_shard(shard, input_size(file), options);
    if (options.range_begin > 0) {
      // A shard reads from the last game start before its range (a plain file: compressed ones
      // were refused), with the line, game count and encoding preference the whole run has there.
      std::string note;  // why an index beside the file was not used
      options.start = file_split_start(file, options.range_begin, options.encoding, &note);
      if (!note.empty()) io.err << "planilla " << command << ": " << note << '\n';
      if (options.start.offset > 0 && !stream->seekg(static_cast<std::streamoff>(options.start.offset))) {
        stream->clear();
        stream->seekg(0);
        options.start = {};
      }
    }
    std::istream* raw = stream.get();  // the decompressing stream, when the input is compressed
    options.overlap_cutting = input_is_compressed(*raw);
    if (target) stream = target->guard(std::move(stream), file.display_name);
    const bool go_on = read(OpenInput{file, *stream, options, bytes_before});
    // Corrupt or truncated compressed data ends the stream early: the games before are read,
    // the place is named, and the run ends with exit 2.
    if (const std::string failure = input_failure(*raw); !failure.empty()) {
      io.err << "planilla " << command << ": " << file.display_name << ": " << failure << '\n';
      all_opened = false;
    }
    if (!go_on) break;
    bytes_before += input_size(file);
    if (target && target->failed()) break;
  }
  return all_opened;
}

}  // namespace planilla::cli
