#include "cli/common.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <cstdlib>
#include <filesystem>


namespace planilla::cli {

void add_from_option(CLI::App* sub, std::string& from) {
  sub->add_option("--from", from,
                  "Notation of the input: auto (detect per game), LANG[:STYLE] such as es, de:lan, en:descriptive, "
                  "or figurine, uci, iccf")
      ->default_str("auto");
}

void add_encoding_option(CLI::App* sub, std::string& encoding) {
  sub->add_option("--encoding", encoding,
                  "Input encoding instead of detection: utf-8, latin1, windows-1252, windows-1251, cp866, utf-16");
}

void add_jobs_option(CLI::App* sub, unsigned& jobs) {
  sub->add_option("-j,--jobs", jobs, "Games processed in parallel (0 = all cores); the output is the same for any value")
      ->default_str("0");
}

void add_include_option(CLI::App* sub, std::vector<std::string>& include) {
  sub->add_option("--include", include,
                  "GLOB: also read the files of directories that match (by name, or by path below the directory "
                  "when GLOB has a /); directories give *.pgn and compressed PGN by default")
      ->allow_extra_args(false);
}

std::string skipped_note(const ExpandedInputs& files) {
  if (files.skipped == 0) return {};
  return "; " + std::to_string(files.skipped) + (files.skipped == 1 ? " file" : " files") +
         " skipped (not PGN; --include GLOB reads them)";
}

void add_limit_option(CLI::App* sub, std::vector<std::string>& limits) {
  sub->add_option("--limit", limits,
                  "NAME=VALUE: max_depth, max_comment_bytes, max_tags, max_tag_value_bytes, max_line_bytes, "
                  "max_moves (a game past a limit is rejected with E-LIMIT)")
      ->allow_extra_args(false);  // one NAME=VALUE per --limit: inputs may follow
}

bool apply_limits(const std::vector<std::string>& limits, ReadOptions& options, Io& io) {
  struct Row {
    std::string_view name;
    std::size_t ReadOptions::*field;
  };
  static constexpr Row kRows[] = {
      {"max_comment_bytes", &ReadOptions::max_comment_bytes}, {"max_tags", &ReadOptions::max_tags},
      {"max_tag_value_bytes", &ReadOptions::max_tag_value_bytes}, {"max_line_bytes", &ReadOptions::max_line_bytes},
      {"max_moves", &ReadOptions::max_moves},
  };
  for (const std::string& item : limits) {
    const std::size_t eq = item.find('=');
    const std::string name = item.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : item.substr(eq + 1);
    std::size_t n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (value.empty() || ec != std::errc{} || end != value.data() + value.size() || n == 0) {
      io.err << "planilla: --limit " << item << ": expected NAME=VALUE with VALUE a positive whole number\n";
      return false;
    }
    if (name == "max_depth") {
      options.max_depth = static_cast<int>(std::min<std::size_t>(n, 100000));
      continue;
    }
    const Row* row = nullptr;
    for (const Row& r : kRows)
      if (r.name == name) row = &r;
    if (!row) {
      io.err << "planilla: --limit: unknown limit '" << name
             << "'; valid: max_depth, max_comment_bytes, max_tags, max_tag_value_bytes, max_line_bytes, max_moves\n";
      return false;
    }
    options.*(row->field) = n;
  }
  return true;
}

bool prepare_inputs(const std::vector<std::string>& inputs, const std::string& from, const std::string& encoding,
                    Io& io, InputSetup& setup) {
  auto spec = parse_spec(from, true);
  if (!spec) {
    io.err << "planilla: --from: " << spec.error() << '\n';
    return false;
  }
  setup.from = *spec;
  if (is_descriptive(setup.from.style) && !setup.from.auto_detect) {
    if (auto d = descriptive_dialect(setup.from); !d) {
      io.err << "planilla: --from: " << d.error() << '\n';
      return false;
    }
  }
  if (!encoding.empty()) {
    auto enc = encoding_from_name(encoding);
    if (!enc) {
      io.err << "planilla: --encoding: unknown encoding '" << encoding
             << "'; valid: utf-8, utf-16le, utf-16be, latin1, windows-1252, windows-1251, cp866\n";
      return false;
    }
    setup.read_options.encoding = *enc;
  }
  // With auto detection the reader starts in English; read_next_game() re-reads what English
  // leaves unresolved under the other letter sets.
  setup.read_options.language = setup.from.auto_detect ? &english() : setup.from.language;
  // PLANILLA_FAST_LANE=0 reads every game the general way (to compare the lanes; README).
  if (const char* lane = std::getenv("PLANILLA_FAST_LANE"); lane && std::string_view(lane) == "0")
    setup.read_options.fast_lane = false;
  setup.files = expand_inputs(inputs, setup.expand);
  for (const std::string& e : setup.files.errors) io.err << "planilla: " << e << '\n';
  for (const std::string& n : setup.files.notices) io.err << "planilla: " << n << '\n';
  // A missing input among others does not stop the rest (exit 2 at the end); with nothing
  // left to read there is nothing to wait for.
  setup.missing = !setup.files.errors.empty();
  return !setup.missing || !setup.files.files.empty();
}

std::uint64_t input_size(const InputFile& file) {
  if (file.path == "-") return 0;
  std::error_code ec;
  auto size = std::filesystem::file_size(file.path, ec);
  return ec ? 0 : static_cast<std::uint64_t>(size);
}

std::uint64_t total_input_bytes(const ExpandedInputs& inputs) {
  std::uint64_t total = 0;
  for (const InputFile& f : inputs.files) total += input_size(f);
  return total;
}

bool OutputTarget::open(const std::string& path, Io& io) {
  if (path.empty() || path == "-") {
    out_ = &io.out;
    return true;
  }
  path_ = path;
  file_ = std::make_unique<std::ofstream>(path, std::ios::binary | std::ios::trunc);
  if (!*file_) {
    io.err << "planilla: cannot write " << path << ": " << std::strerror(errno) << '\n';
    return false;
  }
  if (const Compression c = compression_for_name(path); c != Compression::None)
    compressed_ = std::make_unique<CompressingStream>(c, *file_);
  return true;
}

bool OutputTarget::finish(Io& io) {
  bool ok = true;
  if (compressed_) ok = compressed_->finish();
  stream().flush();
  if (file_ && !*file_) ok = false;
  if (!ok) io.err << "planilla: cannot write " << path_ << (errno ? ": " + std::string(std::strerror(errno)) : "") << '\n';
  return ok;
}

}  // namespace planilla::cli
