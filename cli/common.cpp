#include "cli/common.hpp"

#include <cerrno>
#include <cstring>
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
  setup.files = expand_inputs(inputs);
  for (const std::string& e : setup.files.errors) io.err << "planilla: " << e << '\n';
  return setup.files.errors.empty();
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
  file_ = std::make_unique<std::ofstream>(path, std::ios::binary | std::ios::trunc);
  if (!*file_) {
    io.err << "planilla: cannot write " << path << ": " << std::strerror(errno) << '\n';
    return false;
  }
  return true;
}

}  // namespace planilla::cli
