package dev.stratus.provider.local;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The faults a local node's fake GPUs show ({@link FakeNvidiaTools}), kept per Slurm node name in
 * {@code <stateDir>/gpu/<node>.json} so that they can be set before the node boots (its admission
 * check then fails) and change while it runs (its watcher sees them at the next poll). No file: all
 * GPUs healthy and busy.
 *
 * <p>{@code xids}: XIDs raised, each on a GPU index; XID 79 takes its GPU off the bus (absent from
 * the listing, {@code nvidia-smi} exits 15). {@code eccUncorrectable}, {@code nvlinkDown}, {@code
 * throttle} (HW and thermal slowdown), {@code missing} (not enumerated at all): GPU indices. {@code
 * hang}: every fake command sleeps 600 s. {@code idle}: 0% use and no memory used on every GPU
 * (else 85% and 60%). Raising an XID also appends the driver's kernel line to the node's fake
 * kernel log {@code <stateDir>/gpu/<node>.kmsg}, in {@code /dev/kmsg}'s format.
 */
public record FakeGpuState(
    List<Xid> xids,
    List<Integer> eccUncorrectable,
    List<Integer> nvlinkDown,
    List<Integer> throttle,
    List<Integer> missing,
    boolean hang,
    boolean idle) {
  public static final String DIR = "gpu";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern NODE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  /** XID {@code xid} raised on GPU {@code gpu}. */
  public record Xid(int xid, int gpu) {}

  public FakeGpuState {
    xids = xids == null ? List.of() : List.copyOf(xids);
    eccUncorrectable = sorted(eccUncorrectable);
    nvlinkDown = sorted(nvlinkDown);
    throttle = sorted(throttle);
    missing = sorted(missing);
  }

  public static FakeGpuState healthy() {
    return new FakeGpuState(List.of(), List.of(), List.of(), List.of(), List.of(), false, false);
  }

  /** What {@code stratus local fault} injects: one fault, on one GPU where it has one. */
  public record Fault(Kind kind, int gpu, int xid) {
    public enum Kind {
      XID,
      ECC_UNCORRECTABLE,
      NVLINK_DOWN,
      THROTTLE,
      MISSING,
      HANG,
      IDLE,
      CLEAR
    }

    public Fault {
      Objects.requireNonNull(kind, "kind");
      if (gpu < 0) {
        throw new IllegalArgumentException("gpu index must be 0 or more, got " + gpu);
      }
      if (kind == Kind.XID && xid < 1) {
        throw new IllegalArgumentException("xid must be a positive number, got " + xid);
      }
    }

    /** Whether the fault is on one GPU (the others are on the node). */
    public boolean perGpu() {
      return switch (kind) {
        case XID, ECC_UNCORRECTABLE, NVLINK_DOWN, THROTTLE, MISSING -> true;
        case HANG, IDLE, CLEAR -> false;
      };
    }

    /** What it does, for the command's output: {@code XID 79 on GPU 0}. */
    public String describe() {
      return switch (kind) {
        case XID -> "XID " + xid + " on GPU " + gpu;
        case ECC_UNCORRECTABLE -> "uncorrectable ECC error on GPU " + gpu;
        case NVLINK_DOWN -> "NVLink down on GPU " + gpu;
        case THROTTLE -> "HW/thermal slowdown on GPU " + gpu;
        case MISSING -> "GPU " + gpu + " missing";
        case HANG -> "nvidia-smi and dcgmi hang";
        case IDLE -> "all GPUs idle";
        case CLEAR -> "all faults cleared";
      };
    }
  }

  /** This state with {@code fault} added ({@link Fault.Kind#CLEAR}: healthy again). */
  public FakeGpuState with(Fault fault) {
    int g = fault.gpu();
    return switch (fault.kind()) {
      case XID -> {
        List<Xid> x = new ArrayList<>(xids);
        x.add(new Xid(fault.xid(), g));
        yield new FakeGpuState(x, eccUncorrectable, nvlinkDown, throttle, missing, hang, idle);
      }
      case ECC_UNCORRECTABLE ->
          new FakeGpuState(
              xids, plus(eccUncorrectable, g), nvlinkDown, throttle, missing, hang, idle);
      case NVLINK_DOWN ->
          new FakeGpuState(
              xids, eccUncorrectable, plus(nvlinkDown, g), throttle, missing, hang, idle);
      case THROTTLE ->
          new FakeGpuState(
              xids, eccUncorrectable, nvlinkDown, plus(throttle, g), missing, hang, idle);
      case MISSING ->
          new FakeGpuState(
              xids, eccUncorrectable, nvlinkDown, throttle, plus(missing, g), hang, idle);
      case HANG ->
          new FakeGpuState(xids, eccUncorrectable, nvlinkDown, throttle, missing, true, idle);
      case IDLE ->
          new FakeGpuState(xids, eccUncorrectable, nvlinkDown, throttle, missing, hang, true);
      case CLEAR -> healthy();
    };
  }

  /**
   * How many GPUs each node of the local provider with these settings has ({@code gpuCount}); the
   * settings are checked as the provider checks them.
   */
  public static int gpuCount(Map<String, Object> localSettings, Path stateDir) {
    return LocalSettings.parse(localSettings, stateDir).gpuCount();
  }

  /** {@code <stateDir>/gpu/<node>.json}; the node name is checked to be a plain file name. */
  public static Path file(Path stateDir, String node) {
    return stateDir.resolve(DIR).resolve(checkNode(node) + ".json");
  }

  /** The node's fake kernel log, {@code <stateDir>/gpu/<node>.kmsg}. */
  public static Path kmsgFile(Path stateDir, String node) {
    return stateDir.resolve(DIR).resolve(checkNode(node) + ".kmsg");
  }

  /** The state in {@code file}; healthy when there is none. */
  public static FakeGpuState read(Path file) {
    if (!Files.exists(file)) {
      return healthy();
    }
    try {
      return JSON.readValue(file.toFile(), FakeGpuState.class);
    } catch (IOException | IllegalArgumentException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /** Replaces {@code file} atomically: the fakes read it at any moment. */
  public void write(Path file) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Path temp = file.resolveSibling(file.getFileName() + ".tmp");
      JSON.writeValue(temp.toFile(), this);
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /**
   * Adds {@code fault} to node {@code node}'s state under {@code stateDir} (the local provider's
   * state directory), which need not have booted, and for an XID appends the driver's line to its
   * kernel log. Returns what it did, one line.
   *
   * @throws IllegalArgumentException for a GPU index the node does not have ({@code gpuCount})
   */
  public static String inject(Path stateDir, String node, int gpuCount, Fault fault) {
    if (fault.perGpu() && fault.gpu() >= gpuCount) {
      throw new IllegalArgumentException(
          "gpu "
              + fault.gpu()
              + " is out of range: the node has "
              + (gpuCount == 0 ? "no GPUs" : "GPUs 0.." + (gpuCount - 1)));
    }
    Path file = file(stateDir, node);
    try {
      Files.createDirectories(file.getParent());
      try (FileChannel lock =
              FileChannel.open(
                  file.resolveSibling(".lock"),
                  StandardOpenOption.CREATE,
                  StandardOpenOption.WRITE);
          FileLock held = lock.lock()) {
        read(file).with(fault).write(file);
        String done = node + ": " + fault.describe();
        if (fault.kind() == Fault.Kind.XID) {
          Path kmsg = kmsgFile(stateDir, node);
          String line = appendKmsg(kmsg, fault.xid(), fault.gpu());
          done += "; " + kmsg + ": " + line;
        }
        return done;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot change " + file, e);
    }
  }

  /**
   * Appends {@code 3,<seq>,<usec>,-;NVRM: Xid (PCI:0000:18:00): 79, pid=<pid>, name=python3, GPU
   * has fallen off the bus.}: /dev/kmsg's priority (3, err), sequence number, microseconds since
   * boot and flags, then the NVIDIA driver's Xid line. Returns the line.
   */
  static String appendKmsg(Path kmsg, int xid, int gpu) throws IOException {
    long seq = Files.exists(kmsg) ? Files.readAllLines(kmsg, StandardCharsets.UTF_8).size() : 0;
    int pid = 2000 + Math.floorMod(Objects.hash(kmsg.getFileName().toString(), seq), 60000);
    String line =
        "3,"
            + seq
            + ","
            + uptimeMicros()
            + ",-;NVRM: Xid (PCI:"
            + FakeNvidiaTools.kernelPci(gpu)
            + "): "
            + xid
            + ", pid="
            + pid
            + ", name=python3, "
            + xidMessage(xid);
    Files.writeString(
        kmsg,
        line + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    return line;
  }

  /** The text NVIDIA's driver logs after the process for the XIDs the health checks act on. */
  static String xidMessage(int xid) {
    return XID_MESSAGES.getOrDefault(xid, "Unexpected GPU error, see the Xid catalog.");
  }

  private static final Map<Integer, String> XID_MESSAGES =
      Map.ofEntries(
          Map.entry(13, "Graphics SM Warp Exception on (GPC 0, TPC 0, SM 0): Out Of Range Address"),
          Map.entry(
              31,
              "Ch 00000008, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @"
                  + " 0x7f2a_4c000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"),
          Map.entry(43, "Ch 00000010"),
          Map.entry(45, "Ch 00000010"),
          Map.entry(
              48,
              "An uncorrectable double bit error (DBE) has been detected on GPU in the"
                  + " framebuffer at partition 6, subpartition 0."),
          Map.entry(
              63,
              "Row Remapper: New row (0x00000000000e7c40) Marked for Remapping, reset gpu to"
                  + " activate."),
          Map.entry(64, "Row Remapper: Failed to remap row (0x00000000000e7c40)."),
          Map.entry(
              74, "NVLink: fatal error detected on link 3(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
          Map.entry(79, "GPU has fallen off the bus."),
          Map.entry(92, "High single-bit ECC error rate"),
          Map.entry(94, "Contained: SM (0x1). RST: No, D-RST: No"),
          Map.entry(95, "Uncontained: FBHUB. RST: Yes, D-RST: No"),
          Map.entry(
              119,
              "Timeout after 6s of waiting for RPC response from GPU0 GSP! Expected function 76"
                  + " (GSP_RM_CONTROL) (0x20800a4c 0x4)."));

  private static long uptimeMicros() {
    try {
      String uptime = Files.readString(Path.of("/proc/uptime")).split("\\s+")[0];
      return (long) (Double.parseDouble(uptime) * 1_000_000);
    } catch (IOException | RuntimeException e) {
      return System.nanoTime() / 1000;
    }
  }

  private static String checkNode(String node) {
    if (node == null || !NODE.matcher(node).matches()) {
      throw new IllegalArgumentException(
          "node name '" + node + "' must be 1-64 letters, digits, '.', '_' or '-'");
    }
    return node;
  }

  private static List<Integer> sorted(List<Integer> gpus) {
    return gpus == null ? List.of() : List.copyOf(new TreeSet<>(gpus));
  }

  private static List<Integer> plus(List<Integer> gpus, int gpu) {
    List<Integer> more = new ArrayList<>(gpus);
    more.add(gpu);
    return more;
  }
}
