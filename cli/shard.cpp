#include "cli/shard.hpp"

#include <charconv>

namespace planilla::cli {

void add_shard_option(CLI::App* sub, std::string& shard) {
  sub->add_option("--shard", shard,
                  "I/N: only the games that start in the I-th of N equal byte ranges of each input (1 <= I <= N); "
                  "the N outputs concatenate to the output of one run (a file, not stdin)");
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
                     const std::vector<std::string>& limits, const std::string& shard_text, Io& io,
                     InputSetup& setup, ShardSpec& shard) {
  if (!prepare_inputs(inputs, from, encoding, io, setup)) return false;
  if (!apply_limits(limits, setup.read_options, io)) return false;
  if (!parse_shard(shard_text, shard, io)) return false;
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
               << (c == Compression::Zstd ? "zstd -d" : c == Compression::Gzip ? "gzip -dk" : c == Compression::Bzip2 ? "bzip2 -dk" : "xz -dk")
               << ' ' << file.path << ")\n";
        return false;
      }
    }
  }
  return true;
}

}  // namespace planilla::cli
