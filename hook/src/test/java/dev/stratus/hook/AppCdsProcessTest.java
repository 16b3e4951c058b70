package dev.stratus.hook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.hook.spool.HookKind;
import dev.stratus.hook.spool.Spool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppCdsProcessTest {
  @TempDir Path tmp;

  HookLaunchers.Written write(boolean appCds) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    LauncherSpec spec =
        new LauncherSpec(
            java,
            HookJar.classPathAsJars(tmp),
            tmp.resolve("spool"),
            Path.of("/bin/false"),
            tmp.resolve("hook.log"),
            LauncherSpec.FAST_START,
            appCds);
    return HookLaunchers.write(tmp.resolve("hooks"), spec);
  }

  @Test
  void withAnAllJarClassPathTheLaunchersUseAnAppCdsArchiveThatLoadsCleanly() throws Exception {
    HookLaunchers.Written w = write(true);

    assertThat(w.cdsArchive()).contains(tmp.resolve("hooks").resolve(AppCds.ARCHIVE));
    assertThat(Files.readString(w.launchers().get(HookKind.SUSPEND)))
        .contains("-XX:SharedArchiveFile=" + w.cdsArchive().get());
    assertThat(FakeSlurmctld.run(tmp, w.launchers().get(HookKind.SUSPEND), "gpu-001", null))
        .isZero();
    assertThat(Files.readString(tmp.resolve("hook.log")))
        .contains("spooled")
        .doesNotContain("[cds");
    assertThat(new Spool(tmp.resolve("spool"), Clock.systemUTC()).pending()).hasSize(1);
  }

  @Test
  void aStaleArchiveIsReportedInTheLogAndTheHookStillWorks() throws Exception {
    HookLaunchers.Written w = write(true);
    Path jar = tmp.resolve("stratus-hook.jar");
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));

    assertThat(FakeSlurmctld.run(tmp, w.launchers().get(HookKind.SUSPEND), "gpu-001", null))
        .isZero();
    assertThat(Files.readString(tmp.resolve("hook.log")))
        .contains("Unable to use shared archive", "spooled");
  }

  @Test
  void withoutAppCdsNoArchiveIsWrittenOrNamed() throws Exception {
    HookLaunchers.Written w = write(false);

    assertThat(w.cdsArchive()).isEmpty();
    assertThat(tmp.resolve("hooks").resolve(AppCds.ARCHIVE)).doesNotExist();
    assertThat(Files.readString(w.launchers().get(HookKind.RESUME)))
        .doesNotContain("SharedArchiveFile");
  }
}
