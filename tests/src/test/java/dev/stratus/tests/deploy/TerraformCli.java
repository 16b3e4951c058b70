package dev.stratus.tests.deploy;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The {@code terraform} on PATH, run with a private, empty CLI configuration and home in a scratch
 * directory, so that nothing of the user's or the machine's settings is read and nothing is written
 * outside that directory and the working directory given. Each run has a time limit; a run past it
 * is killed by its PID (and its children by theirs). No provider is ever downloaded: the
 * configurations these tests run need none.
 */
final class TerraformCli {
  /** What a finished run printed. */
  record Result(List<String> command, int exitCode, String stdout, String stderr) {
    String describe() {
      return String.join(" ", command)
          + " exited "
          + exitCode
          + "\n--- stdout\n"
          + stdout
          + "--- stderr\n"
          + stderr;
    }
  }

  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private final Path binary;
  private final Path scratch;
  private final Map<String, String> environment;

  private TerraformCli(Path binary, Path scratch, Map<String, String> environment) {
    this.binary = binary;
    this.scratch = scratch;
    this.environment = environment;
  }

  /** Fails the test (it does not skip it) when terraform is not on PATH. */
  static TerraformCli inScratch(Path scratch) throws IOException {
    String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
    Path binary =
        Arrays.stream(path.split(File.pathSeparator))
            .filter(dir -> !dir.isEmpty())
            .map(dir -> Path.of(dir, "terraform"))
            .filter(Files::isExecutable)
            .findFirst()
            .orElseGet(
                () ->
                    fail(
                        "terraform is not on PATH (%s): these tests run `terraform fmt`, `init`"
                            + " and `console` on terraform/ (CI machines have"
                            + " /usr/local/bin/terraform)",
                        path));
    Path home = Files.createDirectories(scratch.resolve("tf-home"));
    // An empty CLI configuration: no credentials, no provider mirrors, no plugin cache.
    Path cliConfig = Files.writeString(scratch.resolve("tf-cli.rc"), "");
    return new TerraformCli(
        binary,
        scratch,
        Map.of(
            "HOME", home.toString(),
            "PATH", "/usr/local/bin:/usr/bin:/bin",
            "TF_CLI_CONFIG_FILE", cliConfig.toString(),
            "TF_IN_AUTOMATION", "1",
            "TF_INPUT", "0",
            "CHECKPOINT_DISABLE", "1"));
  }

  /** Runs {@code terraform ARGS} in {@code dir}, {@code stdin} (may be empty) as its input. */
  Result run(Path dir, String stdin, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(binary.toString()));
    command.addAll(List.of(args));
    Path in = Files.createTempFile(scratch, "stdin", ".txt");
    Path out = Files.createTempFile(scratch, "stdout", ".txt");
    Path err = Files.createTempFile(scratch, "stderr", ".txt");
    Files.writeString(in, stdin, StandardCharsets.UTF_8);
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    builder.environment().clear();
    builder.environment().putAll(environment);
    builder.redirectInput(in.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
    Process process = builder.start();
    if (!process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
      fail("%s ran past %s and was killed (pid %d)", command, TIMEOUT, process.pid());
    }
    return new Result(command, process.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** Copies a configuration tree, leaving out any .terraform directory a local run left there. */
  static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path source : files.filter(p -> !p.toString().contains("/.terraform")).toList()) {
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else {
          Files.copy(source, target);
        }
      }
    }
  }
}
