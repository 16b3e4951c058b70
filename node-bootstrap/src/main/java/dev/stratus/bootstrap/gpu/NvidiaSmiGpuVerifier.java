package dev.stratus.bootstrap.gpu;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Runs {@code nvidia-smi -q -x} time-boxed ({@link BoundedCommand}: environment PATH only, stdin
 * /dev/null, output to a private temp file so a large answer cannot block on a pipe), parses it
 * ({@link NvidiaSmiXml}) and compares it with the node's Gres ({@link GpuMatch}). Every failure is
 * a problem for the status file: a node whose GPUs cannot be verified does not start slurmd.
 */
public final class NvidiaSmiGpuVerifier implements GpuVerifier {
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
    BoundedCommand.Outcome o;
    try {
      o = BoundedCommand.run(List.of(spec.binary().toString(), "-q", "-x"), timeout);
    } catch (BoundedCommand.CannotRunException e) {
      throw new ProblemException("gpu: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ProblemException("gpu: interrupted while running " + spec.binary());
    }
    if (o.timedOut()) {
      throw new ProblemException(
          "gpu: " + spec.binary() + " -q -x did not exit within " + timeout.toMillis() + " ms");
    }
    if (o.exitCode() != 0) {
      throw new ProblemException(
          "gpu: " + spec.binary() + " -q -x exited with " + o.exitCode() + o.errTail());
    }
    return o.stdout();
  }

  private static final class ProblemException extends Exception {
    private static final long serialVersionUID = 1L;

    ProblemException(String message) {
      super(message);
    }
  }
}
