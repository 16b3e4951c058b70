package dev.stratus.bootstrap.gpu;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code nvidia-smi -q -x} (environment: PATH only; stdin /dev/null; output to a private temp
 * file so a large answer cannot block on a pipe), parses it ({@link NvidiaSmiXml}) and compares it
 * with the node's Gres ({@link GpuMatch}). Every failure is a problem for the status file: a node
 * whose GPUs cannot be verified does not start slurmd.
 */
public final class NvidiaSmiGpuVerifier implements GpuVerifier {
  private static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
  private static final int MAX_TAIL = 300;

  private final GpuCheck.NvidiaSmi spec;
  private final Duration timeout;

  public NvidiaSmiGpuVerifier(GpuCheck.NvidiaSmi spec, Duration timeout) {
    this.spec = spec;
    this.timeout = timeout;
  }

  @Override
  public Optional<String> verify(int expectedGpus) {
    String xml;
    try {
      xml = run();
    } catch (ProblemException e) {
      return Optional.of(e.getMessage());
    }
    List<GpuInfo> gpus;
    try {
      gpus = NvidiaSmiXml.parse(xml);
    } catch (NvidiaSmiXml.BadXmlException e) {
      return Optional.of("gpu: " + e.getMessage());
    }
    return GpuMatch.check(gpus, expectedGpus, spec);
  }

  private String run() throws ProblemException {
    Path out = null;
    Path err = null;
    try {
      out = Files.createTempFile("nvidia-smi-", ".xml");
      err = Files.createTempFile("nvidia-smi-", ".err");
      ProcessBuilder pb = new ProcessBuilder(spec.binary().toString(), "-q", "-x");
      pb.environment().clear();
      pb.environment().put("PATH", PATH);
      pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      pb.redirectOutput(out.toFile());
      pb.redirectError(err.toFile());
      Process p = pb.start();
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new ProblemException(
            "gpu: " + spec.binary() + " -q -x did not exit within " + timeout.toMillis() + " ms");
      }
      if (p.exitValue() != 0) {
        throw new ProblemException(
            "gpu: " + spec.binary() + " -q -x exited with " + p.exitValue() + tail(err));
      }
      return Files.readString(out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ProblemException("gpu: cannot run " + spec.binary() + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ProblemException("gpu: interrupted while running " + spec.binary());
    } finally {
      delete(out);
      delete(err);
    }
  }

  private static String tail(Path err) throws IOException {
    String s = Files.readString(err, StandardCharsets.UTF_8).replaceAll("\\s+", " ").strip();
    if (s.isEmpty()) {
      return "";
    }
    return ": " + (s.length() <= MAX_TAIL ? s : "..." + s.substring(s.length() - MAX_TAIL));
  }

  private static void delete(Path p) {
    if (p != null) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        // a temp file left behind holds no secret
      }
    }
  }

  private static final class ProblemException extends Exception {
    private static final long serialVersionUID = 1L;

    ProblemException(String message) {
      super(message);
    }
  }
}
