package dev.stratus.bootstrap.health;

import dev.stratus.wire.HealthAction;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The action table: what each XID (from NVIDIA's XID catalogue) and each polled error class asks of
 * the controller. docs/reference/gpu-health.md shows the same table with the reasons; a test keeps
 * the two in step.
 *
 * <p>An XID's {@code group} says what failed (ecc, bus, nvlink, gsp, firmware, engine, app, remap);
 * findings for an XID carry the error class {@code xid} and the number.
 */
public final class XidCatalog {
  /** One row: the XID, what part failed, the action, NVIDIA's short meaning. */
  public record Entry(int xid, String group, HealthAction action, String meaning) {}

  /** One polled error class (no XID): its action and why. */
  public record ClassRule(String errorClass, HealthAction action, String why) {}

  private static final Map<Integer, Entry> XIDS = new TreeMap<>();
  private static final Map<String, ClassRule> CLASSES = new TreeMap<>();

  /** An XID the table does not list: the node takes no new job until it is looked at. */
  public static final HealthAction UNKNOWN_XID = HealthAction.DRAIN_AFTER_JOB;

  static {
    HealthAction ok = HealthAction.OK;
    HealthAction drain = HealthAction.DRAIN_AFTER_JOB;
    HealthAction reboot = HealthAction.REBOOT;
    HealthAction requeue = HealthAction.REQUEUE_NOW;
    xid(13, "app", ok, "graphics engine exception (usually the application)");
    xid(31, "app", ok, "GPU memory page fault (usually the application)");
    xid(32, "bus", drain, "invalid or corrupted push buffer stream");
    xid(38, "firmware", reboot, "driver firmware error");
    xid(43, "app", ok, "GPU stopped processing (the application's channel was reset)");
    xid(45, "app", ok, "preemptive cleanup after an earlier error");
    xid(46, "firmware", reboot, "GPU stopped processing");
    xid(48, "ecc", requeue, "double-bit ECC error");
    xid(61, "firmware", reboot, "internal micro-controller breakpoint or warning");
    xid(62, "firmware", reboot, "internal micro-controller halt");
    xid(63, "remap", drain, "row remapping or page retirement recorded: reset to activate");
    xid(64, "remap", requeue, "row remapping or page retirement recording failure");
    xid(68, "engine", drain, "video decoder (NVDEC) exception");
    xid(69, "engine", drain, "graphics engine class error");
    xid(74, "nvlink", requeue, "NVLink error");
    xid(79, "bus", requeue, "GPU has fallen off the bus");
    xid(92, "ecc", drain, "high single-bit ECC error rate");
    xid(94, "ecc", requeue, "contained ECC error");
    xid(95, "ecc", requeue, "uncontained ECC error");
    xid(109, "engine", drain, "context switch timeout");
    xid(119, "gsp", requeue, "GSP RPC timeout");
    xid(120, "gsp", requeue, "GSP error");
    xid(121, "bus", drain, "C2C link corrected error");
    xid(140, "ecc", requeue, "unrecovered ECC error");
    xid(143, "firmware", requeue, "GPU initialization failure");
    xid(145, "nvlink", requeue, "NVLink RLW error");
    xid(149, "nvlink", requeue, "NVLink fatal error");

    rule(
        "ecc-uncorrectable",
        requeue,
        "volatile uncorrectable ECC errors (DRAM or SRAM) since the driver loaded: results may be"
            + " wrong now");
    rule(
        "ecc-correctable-storm",
        drain,
        "volatile correctable errors rose by the storm threshold or more between two polls");
    rule(
        "row-remap-pending",
        drain,
        "a row is marked for remapping; it takes effect at the next GPU reset");
    rule(
        "row-remap-failure",
        HealthAction.REPLACE,
        "a row could not be remapped: the memory has no spare left");
    rule(
        "retired-pages-pending",
        drain,
        "pages are waiting to be retired at the next GPU reset (pre-A100)");
    rule(
        "nvlink-down",
        drain,
        "an NVLink is inactive while others are up: traffic falls back to PCIe or fails;"
            + " the running job finishes");
    rule(
        "pcie-degraded",
        drain,
        "PCIe link width below its maximum, or generation below its maximum on a busy GPU");
    rule(
        "throttle",
        drain,
        "clocks held down by hardware slowdown, thermal slowdown or power brake (not idle, not"
            + " the software power cap)");
    rule("temperature", drain, "GPU temperature at or past its slowdown threshold");
    rule("power", drain, "power draw more than 10% over the enforced limit");
    rule(
        "persistence-off",
        ok,
        "persistence mode disabled: slower first use, no fault (admission refuses it only when"
            + " the pool sets requirePersistence)");
    rule("gpu-missing", requeue, "fewer GPUs listed than the node was launched with");
  }

  private XidCatalog() {}

  private static void xid(int xid, String group, HealthAction action, String meaning) {
    XIDS.put(xid, new Entry(xid, group, action, meaning));
  }

  private static void rule(String errorClass, HealthAction action, String why) {
    CLASSES.put(errorClass, new ClassRule(errorClass, action, why));
  }

  /** The row for {@code xid}; an unknown XID gets {@link #UNKNOWN_XID}. */
  public static Entry entry(int xid) {
    Entry e = XIDS.get(xid);
    return e != null ? e : new Entry(xid, "unknown", UNKNOWN_XID, "not in the table");
  }

  /**
   * The action for one logged XID: the table's, except that XID 63 whose message reports a failure
   * (the remap could not be recorded) is as urgent as 64.
   */
  public static HealthAction action(int xid, String message) {
    Entry e = entry(xid);
    if (xid == 63 && message.toLowerCase(Locale.ROOT).contains("fail")) {
      return HealthAction.REQUEUE_NOW;
    }
    return e.action();
  }

  /** The rule for a polled error class. */
  public static ClassRule rule(String errorClass) {
    ClassRule r = CLASSES.get(errorClass);
    if (r == null) {
      throw new IllegalArgumentException("no rule for error class " + errorClass);
    }
    return r;
  }

  /** Every XID row, by number. */
  public static Map<Integer, Entry> xids() {
    return Map.copyOf(XIDS);
  }

  /** Every error class rule, by name. */
  public static Map<String, ClassRule> classes() {
    return Map.copyOf(CLASSES);
  }
}
