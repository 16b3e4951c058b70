package dev.stratus.wire;

import static dev.stratus.wire.Fields.notBlank;
import static dev.stratus.wire.Fields.notNull;

import java.util.regex.Pattern;

/**
 * One thing a node's GPU check or watcher found wrong with one GPU. {@code gpu}: the GPU's PCI bus
 * id as nvidia-smi prints it ({@code 00000000:3B:00.0}), or its index when that is all the source
 * gives; {@code errorClass}: the action table's row ({@code xid}, {@code ecc-uncorrectable}, {@code
 * row-remap-failure}, {@code nvlink-down}, {@code throttle}, ...); {@code xid}: the XID number, 0
 * when the finding is not an XID; {@code event}: true for a one-time event (a kernel-log XID line),
 * which stands on its own, false for a condition read by polling, which the controller acts on only
 * after several reads in a row; {@code detail}: what was read, for the node's Slurm reason and
 * logs.
 */
public record GpuFinding(
    String gpu, String errorClass, int xid, HealthAction action, boolean event, String detail) {
  public static final Pattern ERROR_CLASS = Pattern.compile("[a-z][a-z0-9-]{0,47}");
  public static final int MAX_DETAIL = 200;

  public GpuFinding {
    notBlank("gpu", gpu);
    notBlank("errorClass", errorClass);
    if (!ERROR_CLASS.matcher(errorClass).matches()) {
      throw new IllegalArgumentException(
          "errorClass '" + errorClass + "' must be lower-case letters, digits and dashes");
    }
    if (xid < 0 || xid > 9999) {
      throw new IllegalArgumentException("xid must be 0..9999, got " + xid);
    }
    notNull("action", action);
    detail = detail == null ? "" : detail.replaceAll("[\\p{Cntrl}]+", " ").strip();
    if (detail.length() > MAX_DETAIL) {
      detail = detail.substring(0, MAX_DETAIL - 3) + "...";
    }
  }

  /** What a Slurm reason says of it: {@code GPU 00000000:3B:00.0 xid 79 (fell off the bus)}. */
  public String summary() {
    String what = xid > 0 ? "xid " + xid : errorClass;
    return "GPU " + gpu + " " + what + (detail.isEmpty() ? "" : " (" + detail + ")");
  }
}
