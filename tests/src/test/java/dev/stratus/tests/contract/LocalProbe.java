package dev.stratus.tests.contract;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Looks at what the local provider made, from the outside: namespaces, processes, links. */
public final class LocalProbe {
  private LocalProbe() {}

  static String run(String... argv) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    p.waitFor();
    return out;
  }

  /** The PID of the process called {@code comm} in the namespace, or an assertion error. */
  public static long pidOf(String netns, String comm) throws IOException, InterruptedException {
    for (String pid : run("ip", "netns", "pids", netns).split("\\s+")) {
      if (!pid.isBlank() && comm.equals(readOrEmpty(Path.of("/proc", pid, "comm")))) {
        return Long.parseLong(pid);
      }
    }
    throw new AssertionError("no " + comm + " in namespace " + netns);
  }

  static long blockedSignals(long pid) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
      if (line.startsWith("SigBlk:")) {
        return Long.parseUnsignedLong(line.substring(7).trim(), 16);
      }
    }
    throw new AssertionError("no SigBlk for " + pid);
  }

  /** The process's argv. */
  public static List<String> cmdline(long pid) throws IOException {
    return Arrays.asList(
        new String(Files.readAllBytes(Path.of("/proc/" + pid + "/cmdline")), StandardCharsets.UTF_8)
            .split("\0"));
  }

  public static List<String> environmentKeys(long pid) throws IOException {
    String env =
        new String(
            Files.readAllBytes(Path.of("/proc/" + pid + "/environ")), StandardCharsets.UTF_8);
    return Arrays.stream(env.split("\0"))
        .filter(s -> !s.isEmpty())
        .map(s -> s.split("=", 2)[0])
        .toList();
  }

  static List<String> namespacesOf(String runId) {
    List<String> found = new ArrayList<>();
    try (var files = Files.list(Path.of("/run/netns"))) {
      files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("st-ct" + runId))
          .forEach(found::add);
    } catch (IOException e) {
      // no /run/netns: nothing left
    }
    return found;
  }

  static boolean linkExists(String name) {
    return Files.exists(Path.of("/sys/class/net", name));
  }

  /** Last-resort cleanup after a failed test: only this run's namespaces and bridge. */
  static void reapLeftovers(String runId, String bridge) {
    try {
      for (String ns : namespacesOf(runId)) {
        for (String pid : run("ip", "netns", "pids", ns).split("\\s+")) {
          if (!pid.isBlank()) {
            ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
          }
        }
        run("ip", "netns", "del", ns);
      }
      if (linkExists(bridge)) {
        run("ip", "link", "del", bridge);
      }
    } catch (IOException | InterruptedException e) {
      throw new IllegalStateException("cleanup failed", e);
    }
  }

  private static String readOrEmpty(Path p) {
    try {
      return Files.readString(p).trim();
    } catch (IOException e) {
      return "";
    }
  }
}
