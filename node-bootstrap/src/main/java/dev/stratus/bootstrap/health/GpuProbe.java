package dev.stratus.bootstrap.health;

import dev.stratus.bootstrap.gpu.BoundedCommand;
import dev.stratus.bootstrap.gpu.NvidiaSmiXml;
import dev.stratus.wire.GpuHealthReport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One time-boxed read of the GPUs: {@code nvidia-smi -q -x} ({@link GpuHealthXml}), then {@code
 * nvidia-smi nvlink -s} ({@link NvlinkStatus}), each within {@code timeout} ({@link
 * BoundedCommand}), so a read takes at most twice the time box. A hung or failing nvidia-smi is a
 * {@link GpuHealthReport.Read#TIMED_OUT} or {@link GpuHealthReport.Read#FAILED} read, never a
 * fault. NVLink that cannot be read (a node without NVLink answers so) is left empty and said in
 * {@link Read#nvlinkNote}.
 */
public final class GpuProbe {
  private GpuProbe() {}

  /** What was read, or why not; and how long each command took. */
  public record Read(
      GpuHealthReport.Read status,
      Optional<GpuSnapshot> snapshot,
      String why,
      String nvlinkNote,
      long smiMillis,
      long nvlinkMillis) {}

  public static Read read(Path nvidiaSmi, Duration timeout) throws InterruptedException {
    String cmd = nvidiaSmi + " -q -x";
    BoundedCommand.Outcome o;
    try {
      o = BoundedCommand.run(List.of(nvidiaSmi.toString(), "-q", "-x"), timeout);
    } catch (BoundedCommand.CannotRunException e) {
      return failed(GpuHealthReport.Read.FAILED, e.getMessage(), 0);
    }
    if (o.timedOut()) {
      return failed(
          GpuHealthReport.Read.TIMED_OUT,
          cmd + " did not exit within " + timeout.toMillis() + " ms; killed",
          o.millis());
    }
    if (o.exitCode() != 0) {
      return failed(
          GpuHealthReport.Read.FAILED,
          cmd + " exited with " + o.exitCode() + o.errTail(),
          o.millis());
    }
    List<GpuReading> gpus;
    try {
      gpus = GpuHealthXml.parse(o.stdout());
    } catch (NvidiaSmiXml.BadXmlException e) {
      return failed(GpuHealthReport.Read.FAILED, e.getMessage(), o.millis());
    }
    List<NvlinkStatus.Gpu> nvlink = List.of();
    String note = "";
    long nvlinkMillis = 0;
    try {
      BoundedCommand.Outcome n =
          BoundedCommand.run(List.of(nvidiaSmi.toString(), "nvlink", "-s"), timeout);
      nvlinkMillis = n.millis();
      if (n.timedOut()) {
        note = "nvlink -s did not exit within " + timeout.toMillis() + " ms; killed";
      } else if (n.exitCode() != 0) {
        note = "nvlink -s exited with " + n.exitCode() + n.errTail();
      } else {
        nvlink = NvlinkStatus.parse(n.stdout());
      }
    } catch (BoundedCommand.CannotRunException e) {
      note = e.getMessage();
    }
    return new Read(
        GpuHealthReport.Read.OK,
        Optional.of(new GpuSnapshot(gpus, nvlink)),
        "",
        note,
        o.millis(),
        nvlinkMillis);
  }

  private static Read failed(GpuHealthReport.Read status, String why, long millis) {
    return new Read(status, Optional.empty(), why, "", millis, 0);
  }
}
