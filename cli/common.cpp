#include "cli/common.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace planilla::cli {

CLI::Validator keyword_ignore_case(std::string keyword) {
  return CLI::Validator(
      [keyword](std::string& value) {
        if (value.size() == keyword.size() &&
            std::equal(value.begin(), value.end(), keyword.begin(), [](char a, char b) {
              return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
            }))
          value = keyword;
        return std::string();
      },
      "");
}

void add_from_option(CLI::App* sub, std::string& from) {
  sub->add_option("--from", from,
                  "Notation of the input: auto (detect per game), LANG[:STYLE] such as es, de:lan, en:descriptive, "
                  "or figurine, uci, iccf")
      ->default_str("auto");
}

void add_encoding_option(CLI::App* sub, std::string& encoding) {
  sub->add_option("--encoding", encoding,
                  "Input encoding instead of detection: utf-8, latin1, windows-1252, windows-1251, cp866, koi8-r, "
                  "windows-1250, iso-8859-2, windows-1253, iso-8859-7, windows-1254, iso-8859-9, koi8-u, utf-16");
}

void add_jobs_option(CLI::App* sub, unsigned& jobs) {
  sub->add_option("-j,--jobs", jobs,
                  "Games processed in parallel (0 = all cores); the output is the same for any value")
      ->default_str("0");
}

namespace {

// The --limit names, each a field of the grammar's limits (max_depth, an int, is set apart).
struct LimitRow {
  std::string_view name;
  std::size_t grammar::PgnParseOptions::*field;
};
constexpr LimitRow kLimitRows[] = {
    {"max_depth", nullptr},
    {"max_comment_bytes", &grammar::PgnParseOptions::max_comment_bytes},
    {"max_tags", &grammar::PgnParseOptions::max_tags},
    {"max_tag_value_bytes", &grammar::PgnParseOptions::max_tag_value_bytes},
    {"max_line_bytes", &grammar::PgnParseOptions::max_line_bytes},
    {"max_game_bytes", &grammar::PgnParseOptions::max_game_bytes},
    {"max_moves", &grammar::PgnParseOptions::max_moves},
    {"max_errors", &grammar::PgnParseOptions::max_errors},
};

std::string limit_names() {
  std::string names;
  for (const LimitRow& r : kLimitRows) names += (names.empty() ? "" : ", ") + std::string(r.name);
  return names;
}

}  // namespace
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
                  "NAME=VALUE: " + limit_names() + " (a game past a limit is rejected with E-LIMIT)")
      ->allow_extra_args(false);  // one NAME=VALUE per --limit: inputs may follow
}

bool apply_limits(const std::vector<std::string>& limits, ReadOptions& options, Io& io) {
  for (const std::string& item : limits) {
    const std::size_t eq = item.find('=');
    std::string name = item.substr(0, eq);  // limit names are case-insensitive, as every value
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string value = eq == std::string::npos ? "" : item.substr(eq + 1);
    std::size_t n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (value.empty() || ec != std::errc{} || end != value.data() + value.size() || n == 0) {
      io.err << "planilla: --limit " << item << ": expected NAME=VALUE with VALUE a positive whole number\n";
      return false;
    }
    const LimitRow* row = nullptr;
    for (const LimitRow& r : kLimitRows)
      if (r.name == name) row = &r;
    if (!row) {
      io.err << "planilla: --limit: unknown limit '" << name << "'; valid: " << limit_names() << '\n';
      return false;
    }
    if (row->field) options.limits.*(row->field) = n;
    else options.limits.max_depth = static_cast<int>(std::min<std::size_t>(n, 100000));
  }
  return true;
}

void add_color_option(CLI::App* sub, std::string& color, const char* what) {
  sub->add_option("--color", color, what)
      ->transform(CLI::IsMember({"auto", "always", "never"}, CLI::ignore_case))
      ->default_str("auto");
}

bool use_color(const std::string& color, bool terminal) {
  if (color == "always") return true;
  if (color == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  return terminal && (no_color == nullptr || *no_color == '\0');
}

void add_filter_options(CLI::App* sub, std::string& warnings, bool& errors_only, const char* default_warnings) {
  sub->add_option("--warnings", warnings,
                  "Warnings printed: all, none, or codes (W-CHECK-MISSING,W-CAPTURE-MISSING); all are counted")
      ->default_str(default_warnings);
  sub->add_flag("--errors-only", errors_only, "Print errors only (no warnings, no notes)");
}

bool parse_filter(const std::string& warnings, bool errors_only, std::string_view command, Io& io,
                  DiagnosticFilter& filter) {
  auto parsed = DiagnosticFilter::parse(warnings);
  if (!parsed) {
    io.err << "planilla " << command << ": " << parsed.error() << '\n';
    return false;
  }
  filter = *parsed;
  filter.errors_only = errors_only;
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
             << "'; valid: utf-8, utf-16le, utf-16be, latin1, windows-1252, windows-1251, cp866, koi8-r, windows-1250, "
                "iso-8859-2, windows-1253, iso-8859-7, windows-1254, iso-8859-9, koi8-u\n";
      return false;
    }
    setup.read_options.encoding = *enc;
  }
  // PLANILLA_FAST_LANE=0 reads every game the general way (to compare the lanes; docs/internals.md).
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

std::vector<std::string> input_paths(const ExpandedInputs& inputs) {
  std::vector<std::string> paths;
  for (const InputFile& f : inputs.files) paths.push_back(f.path);
  return paths;
}

bool refuse_output_onto_input(const std::string& path, const std::vector<std::string>& inputs, std::string_view option,
                              Io& io) {
  // Devices and FIFOs (`/dev/null` read and written) are no file to lose.
  if (path.empty() || path == "-" || !written_through_temporary(path)) return true;
  for (const std::string& input : inputs) {
    if (!same_file(path, input)) continue;
    io.err << "planilla: " << option << ' ' << path << " is the input "
           << (input == "-" ? std::string("on stdin") : input)
           << "; refusing to write over it (write to another file, then rename)\n";
    return false;
  }
  return true;
}

bool OutputTarget::open(const std::string& path, Io& io, const std::vector<std::string>& inputs,
                        std::string_view option) {
  if (!refuse_output_onto_input(path, inputs, option, io)) return false;
  stream_ = files_.open(path, io.out);
  if (!stream_) {
    io.err << "planilla: " << files_.error() << '\n';
    reported_ = true;
    return false;
  }
  return true;
}

std::ostream* OutputTarget::open_more(const std::string& path, Io& io) {
  std::ostream* more = files_.open(path, io.out);
  if (!more && !reported_) {
    io.err << "planilla: " << files_.error() << '\n';
    reported_ = true;
  }
  return more;
}

bool OutputTarget::flush(Io& io) {
  const bool ok = files_.flush();
  if (!ok && !reported_) {
    io.err << "planilla: " << files_.error() << '\n';
    reported_ = true;
  }
  return ok;
}

std::string OutputTarget::stopped_note(bool input_failed) const {
  const std::vector<std::string> kept = files_.replaced_targets();
  std::string names;
  for (std::size_t i = 0; i < kept.size(); ++i)
    names += (i == 0 ? "" : i + 1 == kept.size() ? " and " : ", ") + kept[i];
  const std::string left = kept.size() == 1 ? " left as it was" : " left as they were";
  if (files_.failed()) return "; stopped by the error above" + (kept.empty() ? "" : ", " + names + left);
  if (input_failed && !kept.empty()) return "; " + names + left + " because of the error above";
  return "";
}

int OutputTarget::finish(int code, Io& io) {
  if (!flush(io)) code = kUsage;
  if (code >= kUsage) {
    files_.discard();
    return code;
  }
  if (!files_.commit()) {
    if (!reported_) io.err << "planilla: " << files_.error() << '\n';
    reported_ = true;
    return kUsage;
  }
  return code;
}

}  // namespace planilla::cli
