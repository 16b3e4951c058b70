package dev.stratus.bootstrap.health;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.bootstrap.gpu.BoundedCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@code dcgmi diag -r N -j} (DCGM's diagnostic, level 1 to 3) and reads its JSON: {@code
 * {"DCGM GPU Diagnostic": {"test_categories": [{"category": "Deployment", "tests": [{"name": "...",
 * "results": [{"gpu_id": "0", "status": "Pass", "warnings": [...]}]}]}]}}} (DCGM 3; DCGM 4 names
 * the root {@code "DCGM Diagnostic"} and the GPU {@code entity_id}). A result whose status is
 * {@code Fail} fails the diagnostic; {@code Pass}, {@code Warn}, {@code Skip} and {@code Not Run}
 * do not.
 */
public final class DcgmDiag {
  /** The Debian/RPM package that provides dcgmi, named when it is missing. */
  public static final String PACKAGE = "datacenter-gpu-manager";

  private static final ObjectMapper JSON =
      new ObjectMapper(
          JsonFactory.builder()
              .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build())
              .build());
  private static final int MAX_RESULTS = 10_000;

  private DcgmDiag() {}

  /** One test's result for one GPU (or for the node: {@code gpu} empty). */
  public record TestResult(
      String category, String test, String gpu, String status, List<String> warnings) {
    public TestResult {
      warnings = List.copyOf(warnings);
    }

    public boolean failed() {
      return status.equalsIgnoreCase("fail");
    }

    /** {@code Memory test, GPU 3: Fail (DBE error)}. */
    public String summary() {
      return test
          + (gpu.isEmpty() ? "" : ", GPU " + gpu)
          + ": "
          + status
          + (warnings.isEmpty() ? "" : " (" + String.join("; ", warnings) + ")");
    }
  }

  /** All results of one run. */
  public record Result(List<TestResult> results) {
    public Result {
      results = List.copyOf(results);
    }

    public List<TestResult> failures() {
      return results.stream().filter(TestResult::failed).toList();
    }

    public boolean passed() {
      return failures().isEmpty();
    }
  }

  /** Thrown for output that is not dcgmi's diagnostic JSON; the message names it. */
  public static final class BadDiagException extends Exception {
    private static final long serialVersionUID = 1L;

    BadDiagException(String message) {
      super(message);
    }
  }

  public static Result parse(String json) throws BadDiagException {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new BadDiagException("dcgmi diag JSON cannot be parsed: " + e.getOriginalMessage());
    } catch (RuntimeException e) {
      throw new BadDiagException("dcgmi diag JSON cannot be parsed: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw new BadDiagException("dcgmi diag JSON must be an object");
    }
    JsonNode diag =
        root.has("DCGM GPU Diagnostic")
            ? root.get("DCGM GPU Diagnostic")
            : root.get("DCGM Diagnostic");
    if (diag == null || !diag.path("test_categories").isArray()) {
      throw new BadDiagException(
          "dcgmi diag JSON has no \"DCGM GPU Diagnostic\".test_categories array");
    }
    List<TestResult> out = new ArrayList<>();
    for (JsonNode cat : diag.get("test_categories")) {
      String category = cat.path("category").asText("");
      for (JsonNode test : cat.path("tests")) {
        String name = test.path("name").asText("");
        for (JsonNode r : test.path("results")) {
          if (out.size() >= MAX_RESULTS) {
            throw new BadDiagException(
                "dcgmi diag JSON holds more than " + MAX_RESULTS + " results");
          }
          out.add(new TestResult(category, name, gpu(r), r.path("status").asText(""), warnings(r)));
        }
      }
    }
    return new Result(out);
  }

  private static String gpu(JsonNode r) {
    for (String field : List.of("gpu_id", "gpu_ids", "entity_id")) {
      JsonNode v = r.get(field);
      if (v != null && (v.isTextual() || v.isNumber())) {
        return v.asText();
      }
    }
    return "";
  }

  private static List<String> warnings(JsonNode r) {
    List<String> out = new ArrayList<>();
    for (JsonNode w : r.path("warnings")) {
      String text =
          w.isTextual() ? w.asText() : w.path("warning").asText(w.path("message").asText(""));
      if (!text.isBlank()) {
        out.add(text.strip());
      }
    }
    return out;
  }

  /** The result of running it: passed, or why not (the message names dcgmi, the test and GPU). */
  public record Run(boolean passed, String summary, long millis) {}

  /** Runs {@code dcgmi diag -r level -j} within {@code timeout}; a hang fails with the time box. */
  public static Run run(Path dcgmi, int level, Duration timeout) throws InterruptedException {
    String cmd = dcgmi + " diag -r " + level + " -j";
    BoundedCommand.Outcome o;
    try {
      o =
          BoundedCommand.run(
              List.of(dcgmi.toString(), "diag", "-r", Integer.toString(level), "-j"), timeout);
    } catch (BoundedCommand.CannotRunException e) {
      return new Run(false, e.getMessage() + " (install " + PACKAGE + ")", 0);
    }
    if (o.timedOut()) {
      return new Run(
          false, cmd + " did not exit within " + timeout.toMillis() + " ms; killed", o.millis());
    }
    Result r;
    try {
      r = parse(o.stdout());
    } catch (BadDiagException e) {
      return new Run(
          false,
          cmd + " exited with " + o.exitCode() + ": " + e.getMessage() + o.errTail(),
          o.millis());
    }
    if (!r.passed()) {
      List<String> f = r.failures().stream().map(TestResult::summary).toList();
      return new Run(false, cmd + ": " + String.join("; ", f), o.millis());
    }
    if (o.exitCode() != 0) {
      return new Run(false, cmd + " exited with " + o.exitCode() + o.errTail(), o.millis());
    }
    return new Run(true, cmd + ": " + r.results().size() + " results, none failed", o.millis());
  }
}
