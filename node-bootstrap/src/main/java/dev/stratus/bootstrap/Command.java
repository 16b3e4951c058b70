package dev.stratus.bootstrap;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A program to run: its argv, its whole environment (nothing is inherited), where its stdout and
 * stderr go (appended; {@code null} discards them) and how long it may take to exit.
 */
record Command(List<String> argv, Map<String, String> env, Path log, Duration timeout) {
  Command {
    argv = List.copyOf(argv);
    if (argv.isEmpty()) {
      throw new IllegalArgumentException("a command needs at least a program");
    }
    env = Map.copyOf(env);
  }

  String program() {
    return argv.get(0);
  }
}
