package dev.stratus.bootstrap.health;

import java.util.List;

/** One poll's reads: every GPU's health from nvidia-smi, and its NVLink states. */
public record GpuSnapshot(List<GpuReading> gpus, List<NvlinkStatus.Gpu> nvlink) {
  public GpuSnapshot {
    gpus = List.copyOf(gpus);
    nvlink = List.copyOf(nvlink);
  }
}
