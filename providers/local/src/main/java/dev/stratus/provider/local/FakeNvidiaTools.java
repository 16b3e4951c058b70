package dev.stratus.provider.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A local node's fake {@code nvidia-smi} and {@code dcgmi}: one Perl script (no JVM: the health
 * watcher polls every few seconds per node), installed under both names, that reads the node's
 * {@link FakeGpuState} file at every call and prints what NVIDIA's tools print for that state:
 *
 * <ul>
 *   <li>{@code nvidia-smi -q -x}: the v12 XML ({@code nvsmi_device_v12.dtd}, as driver 550 prints
 *       it), one {@code <gpu>} per device; a GPU that fell off the bus (XID 79) is left out, its
 *       {@code Unable to determine the device handle ... GPU is lost} line goes to stderr and the
 *       exit status is 15; a {@code missing} GPU is not counted at all.
 *   <li>{@code nvidia-smi nvlink -s}: {@code GPU i: NAME (UUID: ...)} then {@code \t Link n: 26.562
 *       GB/s}, {@code <inactive>} for link 0 of an {@code nvlinkDown} GPU.
 *   <li>{@code nvidia-smi -L}: the GPU list.
 *   <li>{@code dcgmi diag -r 1|2|3|4 [-j]}: DCGM 4's JSON ({@code "DCGM Diagnostic"} → {@code
 *       test_categories} → tests → one result per GPU entity; {@code entity_groups}, {@code
 *       metadata}); the GPUs with ECC, XID or missing faults fail with dcgm_errors.h ids, and the
 *       exit status is then 226, as dcgmi's.
 * </ul>
 *
 * <p>With {@code hang} set every call sleeps 600 s before printing nothing, so only its caller's
 * time box ends it. Bus ids are those of an HGX H100 board ({@code 18, 2A, 3A, 5D, 9A, AB, BA, DB};
 * GPUs past eight take the next PCI domain), UUIDs and serials are derived from the node name.
 */
public final class FakeNvidiaTools {
  static final String DRIVER = "550.127.05";
  static final String CUDA = "12.4";
  static final String DCGM = "4.2.3";
  private static final int[] HGX_BUSES = {0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb};
  private static final Pattern GB = Pattern.compile("(\\d+)\\s*GB", Pattern.CASE_INSENSITIVE);
  private static final String BODY = "fake-nvidia-tools.pl";

  private FakeNvidiaTools() {}

  /** What differs between the models the fakes know; any other model is shown as an H100. */
  private record Model(
      String arch,
      String deviceId,
      String subsystemId,
      long totalMiB,
      long reservedMiB,
      int links,
      String linkSpeed,
      int powerLimitWatts,
      String idleWatts,
      int pcieGen,
      int maxSmClock,
      int memClock,
      String vbios) {
    static Model of(String product) {
      String p = product.toUpperCase(Locale.ROOT);
      Model m;
      if (p.contains("A100")) {
        m =
            new Model(
                "Ampere",
                "20B210DE",
                "147F10DE",
                81920,
                1,
                12,
                "25.000",
                400,
                "61.50",
                4,
                1410,
                1593,
                "92.00.36.00.02");
      } else if (p.contains("H200")) {
        m =
            new Model(
                "Hopper",
                "233510DE",
                "18BE10DE",
                143771,
                551,
                18,
                "26.562",
                700,
                "76.80",
                5,
                1980,
                3201,
                "96.00.A5.00.01");
      } else {
        m =
            new Model(
                "Hopper",
                "233010DE",
                "16C110DE",
                81559,
                551,
                18,
                "26.562",
                700,
                "71.27",
                5,
                1980,
                2619,
                "96.00.89.00.01");
      }
      Matcher gb = GB.matcher(product);
      if (gb.find() && Long.parseLong(gb.group(1)) * 1024 < m.totalMiB * 0.9) {
        // a smaller variant (A100 40GB): the name's size, as nvidia-smi reports it
        long total = Long.parseLong(gb.group(1)) * 1024;
        return new Model(
            m.arch,
            m.deviceId,
            m.subsystemId,
            total,
            m.reservedMiB,
            m.links,
            m.linkSpeed,
            m.powerLimitWatts,
            m.idleWatts,
            m.pcieGen,
            m.maxSmClock,
            m.memClock,
            m.vbios);
      }
      return m;
    }
  }

  /**
   * Writes executable {@code nvidia-smi} and {@code dcgmi} into {@code binDir} (replacing any) for
   * the node whose state file is {@code stateFile} ({@link FakeGpuState#file}; its name, less
   * {@code .json}, is the node name the UUIDs come from), and creates the node's empty kernel log
   * {@code kmsgFile} if there is none. {@code gpuModel}: the product name, e.g. {@code NVIDIA H100
   * 80GB HBM3}.
   */
  public static void install(
      Path binDir, Path stateFile, Path kmsgFile, String gpuModel, int gpuCount) {
    if (gpuCount < 0 || gpuCount > 64) {
      throw new IllegalArgumentException("gpuCount must be 0..64, got " + gpuCount);
    }
    String node = stateFile.getFileName().toString().replaceFirst("\\.json$", "");
    String script = header(stateFile, gpuModel, gpuCount, node) + body();
    try {
      Files.createDirectories(binDir);
      Files.createDirectories(stateFile.toAbsolutePath().getParent());
      Files.createDirectories(kmsgFile.toAbsolutePath().getParent());
      if (!Files.exists(kmsgFile)) {
        Files.createFile(kmsgFile);
      }
      for (String name : List.of("nvidia-smi", "dcgmi")) {
        Path temp = binDir.resolve("." + name + ".tmp");
        Files.writeString(temp, script, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.move(temp, binDir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot install the fake NVIDIA tools in " + binDir, e);
    }
  }

  /** GPU {@code index}'s PCI bus id as nvidia-smi writes it: {@code 00000000:18:00.0}. */
  static String busId(int index) {
    return String.format(
        "%08X:%02X:00.0", index / HGX_BUSES.length, HGX_BUSES[index % HGX_BUSES.length]);
  }

  /** The same device as the kernel names it in an Xid line: {@code 0000:18:00}. */
  static String kernelPci(int index) {
    return String.format(
        "%04x:%02x:00", index / HGX_BUSES.length, HGX_BUSES[index % HGX_BUSES.length]);
  }

  /** {@code GPU-} and a UUID derived from the node name and index (stable across boots). */
  static String uuid(String node, int index) {
    return "GPU-"
        + UUID.nameUUIDFromBytes(
            ("stratus-fake-gpu/" + node + "/" + index).getBytes(StandardCharsets.UTF_8));
  }

  static String serial(String node, int index) {
    long n =
        Math.floorMod(
            UUID.nameUUIDFromBytes(uuid(node, index).getBytes()).getLeastSignificantBits(),
            1_000_000_000L);
    return String.format("1650%09d", n);
  }

  private static String header(Path stateFile, String product, int count, String node) {
    Model m = Model.of(product);
    StringBuilder b = new StringBuilder();
    b.append("#!").append(Shell.tool("perl")).append('\n');
    b.append("# Fake nvidia-smi and dcgmi of Stratus local node ")
        .append(node)
        .append(" (written by FakeNvidiaTools).\n");
    b.append("use strict;\nuse warnings;\n");
    b.append("our %N = (\n");
    entry(b, "state", stateFile.toAbsolutePath().toString());
    entry(b, "product", product);
    entry(b, "count", String.valueOf(count));
    entry(b, "driver", DRIVER);
    entry(b, "cuda", CUDA);
    entry(b, "dcgm", DCGM);
    entry(b, "arch", m.arch());
    entry(b, "device_id", m.deviceId());
    entry(b, "subsystem_id", m.subsystemId());
    entry(b, "total_mib", String.valueOf(m.totalMiB()));
    entry(b, "reserved_mib", String.valueOf(m.reservedMiB()));
    entry(b, "links", String.valueOf(m.links()));
    entry(b, "link_speed", m.linkSpeed());
    entry(b, "power_limit", String.valueOf(m.powerLimitWatts()));
    entry(b, "idle_watts", m.idleWatts());
    entry(b, "pcie_gen", String.valueOf(m.pcieGen()));
    entry(b, "max_sm_clock", String.valueOf(m.maxSmClock()));
    entry(b, "mem_clock", String.valueOf(m.memClock()));
    entry(b, "vbios", m.vbios());
    b.append(");\n");
    List<String> buses = new ArrayList<>();
    List<String> uuids = new ArrayList<>();
    List<String> serials = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      buses.add(quote(busId(i)));
      uuids.add(quote(uuid(node, i)));
      serials.add(quote(serial(node, i)));
    }
    b.append("our @BUS = (").append(String.join(", ", buses)).append(");\n");
    b.append("our @UUID = (").append(String.join(", ", uuids)).append(");\n");
    b.append("our @SERIAL = (").append(String.join(", ", serials)).append(");\n");
    return b.toString();
  }

  private static void entry(StringBuilder b, String key, String value) {
    b.append("    ").append(key).append(" => ").append(quote(value)).append(",\n");
  }

  /** A Perl single-quoted string: only {@code \} and {@code '} need escaping. */
  static String quote(String s) {
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  private static String body() {
    try (InputStream in = FakeNvidiaTools.class.getResourceAsStream(BODY)) {
      if (in == null) {
        throw new IllegalStateException(BODY + " missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + BODY, e);
    }
  }
}
