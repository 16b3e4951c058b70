package dev.stratus.policy;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.conditions.ArchConditions.callMethodWhere;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/**
 * The policy decides from its inputs alone, so the controller and a replay of a week decide alike:
 * it uses only itself, the provider API's model and the JDK's pure parts; it does no I/O, reads no
 * clock and logs nothing.
 */
class PolicyArchitectureTest {
  static final JavaClasses POLICY =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.stratus.policy");

  @Test
  void thePolicyUsesOnlyItselfTheModelAndTheJdk() {
    classes()
        .should()
        .onlyDependOnClassesThat()
        .resideInAnyPackage("dev.stratus.policy..", "dev.stratus.api.model..", "java..")
        .check(POLICY);
  }

  @Test
  void thePolicyDoesNoIoReadsNoClockAndLogsNothing() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("java.io..", "java.nio..", "java.net..", "java.util.logging..")
        .orShould()
        .dependOnClassesThat()
        .areAssignableTo(Clock.class)
        .orShould(
            callMethodWhere(
                target(name("now"))
                    .and(target(owner(JavaClass.Predicates.resideInAPackage("java.time"))))
                    .as("a java.time now()")))
        .orShould()
        .callMethod(System.class, "currentTimeMillis")
        .orShould()
        .callMethod(System.class, "nanoTime")
        .orShould()
        .dependOnClassesThat()
        .belongToAnyOf(System.Logger.class, System.LoggerFinder.class)
        .check(POLICY);
  }
}
