package dev.stratus.bootstrap.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/reference/gpu-health.md shows the table the code uses, row for row. */
class XidCatalogDocTest {
  static String doc() throws Exception {
    return Files.readString(
        Path.of(System.getProperty("basedir", ".")).resolve("../docs/reference/gpu-health.md"));
  }

  @Test
  void everyXidRowIsDocumentedWithItsAction() throws Exception {
    String doc = doc();
    for (XidCatalog.Entry e : XidCatalog.xids().values()) {
      assertThat(doc)
          .contains(
              "| "
                  + e.xid()
                  + " | "
                  + e.group()
                  + " | `"
                  + e.action().wireName()
                  + "` | "
                  + e.meaning()
                  + " |");
    }
  }

  @Test
  void everyErrorClassIsDocumentedWithItsAction() throws Exception {
    String doc = doc();
    for (XidCatalog.ClassRule r : XidCatalog.classes().values()) {
      assertThat(doc)
          .contains(
              "| `" + r.errorClass() + "` | `" + r.action().wireName() + "` | " + r.why() + " |");
    }
  }
}
