package dev.stratus.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The provider API is what a provider author compiles against: it carries its own types, the wire
 * types, the JDK and the two libraries its helpers wrap (Jackson for the bundled price table,
 * Resilience4j for {@code ProviderCalls}), and nothing of the controller.
 */
class ProviderApiArchitectureTest {
  static final JavaClasses API =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.stratus.api");

  @Test
  void theApiUsesOnlyItselfTheWireTypesTheJdkJacksonAndResilience4j() {
    classes()
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage(
            "dev.stratus.api..",
            "dev.stratus.wire..",
            "java..",
            "com.fasterxml.jackson..",
            "io.github.resilience4j..")
        .check(API);
  }
}
