package dev.stratus.bootstrap.health;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What one {@code nvidia-smi -q -x} read says of one GPU's health. Every number nvidia-smi printed
 * as {@code N/A} (or left out) is {@link #UNKNOWN} (or empty): unknown, never a fault.
 *
 * @param index {@code minor_number}, the N of {@code /dev/nvidiaN}; -1 when unknown
 * @param busId {@code pci_bus_id} ({@code 00000000:3B:00.0}), else the {@code gpu id} attribute
 * @param idle the {@code gpu_idle} clock event reason is active
 * @param throttleReasons the active clock event (throttle) reasons other than {@code gpu_idle},
 *     without their prefix: {@code hw_slowdown}, {@code sw_power_cap}, ...
 * @param slowdownMarginC degrees left before the GPU slows itself down ({@code
 *     gpu_temp_slow_threshold - gpu_temp}, or on newer drivers {@code gpu_temp_tlimit -
 *     gpu_temp_slow_tlimit_threshold}); empty when unknown
 * @param powerDrawW {@code power_draw}; NaN when unknown
 * @param powerLimitW the enforced limit ({@code current_power_limit}, older {@code
 *     enforced_power_limit}); NaN when unknown
 */
public record GpuReading(
    int index,
    String busId,
    String uuid,
    String product,
    Ecc volatileEcc,
    Ecc aggregateEcc,
    Optional<Boolean> retiredPagesPending,
    RowRemap remap,
    Pcie pcie,
    boolean idle,
    List<String> throttleReasons,
    Optional<Boolean> persistence,
    long temperatureC,
    OptionalLong slowdownMarginC,
    double powerDrawW,
    double powerLimitW,
    long utilizationPercent,
    long memoryUsedMiB,
    long memoryTotalMiB) {
  public static final long UNKNOWN = -1;

  public GpuReading {
    throttleReasons = List.copyOf(throttleReasons);
  }

  /**
   * ECC error counts of one kind (volatile: since the driver loaded; aggregate: the GPU's life).
   * Older drivers' {@code single_bit}/{@code double_bit} totals are read as DRAM correctable and
   * uncorrectable.
   */
  public record Ecc(
      long dramCorrectable, long dramUncorrectable, long sramCorrectable, long sramUncorrectable) {
    public static final Ecc NONE = new Ecc(UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN);

    /** The known correctable counts added up; {@link #UNKNOWN} when none is known. */
    public long correctable() {
      return sum(dramCorrectable, sramCorrectable);
    }

    public long uncorrectable() {
      return sum(dramUncorrectable, sramUncorrectable);
    }

    private static long sum(long a, long b) {
      if (a < 0 && b < 0) {
        return UNKNOWN;
      }
      return Math.max(a, 0) + Math.max(b, 0);
    }
  }

  /** {@code remapped_rows} (A100 and later); counts {@link #UNKNOWN}, flags empty when N/A. */
  public record RowRemap(
      long correctable, long uncorrectable, Optional<Boolean> pending, Optional<Boolean> failure) {
    public static final RowRemap NONE =
        new RowRemap(UNKNOWN, UNKNOWN, Optional.empty(), Optional.empty());
  }

  /** {@code pci_gpu_link_info}: generation and width, the link's maximum and now. */
  public record Pcie(long maxGen, long currentGen, long maxWidth, long currentWidth) {
    public static final Pcie NONE = new Pcie(UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN);
  }
}
