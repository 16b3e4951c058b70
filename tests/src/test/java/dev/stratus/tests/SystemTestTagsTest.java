package dev.stratus.tests;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every end-to-end test class carries {@code @Tag("slurm")} or {@code @Tag("root")}: surefire
 * leaves those to failsafe, so {@code mvn test} keeps passing for a user without root or Slurm. An
 * untagged one would run the real daemons in the unit-test phase (three once did).
 */
class SystemTestTagsTest {
  @Test
  void everyEndToEndTestIsTaggedAsASystemTest() {
    List<String> untagged =
        new ClassFileImporter()
            .importPackages("dev.stratus.tests.e2e").stream()
                .filter(c -> c.getSimpleName().endsWith("Test") && c.isTopLevelClass())
                .filter(c -> !systemTagged(c))
                .map(JavaClass::getName)
                .sorted()
                .toList();
    assertThat(untagged).as("e2e test classes without @Tag(\"slurm\") or @Tag(\"root\")").isEmpty();
  }

  private static boolean systemTagged(JavaClass c) {
    Tag tag = c.reflect().getAnnotation(Tag.class);
    return tag != null && Set.of("slurm", "root").contains(tag.value());
  }
}
