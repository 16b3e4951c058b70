package dev.stratus.testkit.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * EC2's published API description: the botocore service model ({@code service-2.json}, API version
 * 2016-11-15), as Debian's {@code python3-botocore} installs it. Its path comes from the system
 * property {@value #PROPERTY}, by default Debian's. A missing file is a failure, never a skip: a
 * shape check that silently does not run would let the EC2 model drift unseen (CI installs the
 * package, see {@code .ci/run}).
 */
final class Ec2ServiceModel {
  static final String PROPERTY = "stratus.ec2.serviceModel";
  static final String DEBIAN_PATH =
      "/usr/lib/python3/dist-packages/botocore/data/ec2/2016-11-15/service-2.json";
  private static Ec2ServiceModel installed;

  private final JsonNode root;

  private Ec2ServiceModel(JsonNode root) {
    this.root = root;
  }

  /** The model at {@value #PROPERTY} (default Debian's path), read once per test run. */
  static synchronized Ec2ServiceModel installed() {
    if (installed == null) {
      installed = load(Path.of(System.getProperty(PROPERTY, DEBIAN_PATH)));
    }
    return installed;
  }

  /** Reads {@code file}; an {@link AssertionError} naming the package when it is not there. */
  static Ec2ServiceModel load(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new AssertionError(
          "EC2's service model is not at "
              + file
              + ": install Debian's python3-botocore (apt-get install python3-botocore), or point"
              + " -D"
              + PROPERTY
              + " at botocore's data/ec2/2016-11-15/service-2.json. The EC2 model's answers are"
              + " checked against it; this check does not skip.");
    }
    try {
      return new Ec2ServiceModel(new ObjectMapper().readTree(file.toFile()));
    } catch (IOException e) {
      throw new AssertionError("EC2's service model at " + file + " is not readable JSON", e);
    }
  }

  /** The XML namespace EC2 answers in, without the trailing slash EC2 writes. */
  String xmlNamespace() {
    return root.path("metadata").path("xmlNamespace").asText();
  }

  boolean hasOperation(String operation) {
    return root.path("operations").has(operation);
  }

  /** The operation's output shape; empty for an operation that answers nothing but its id. */
  Optional<String> outputShape(String operation) {
    JsonNode output = root.path("operations").path(operation).path("output").path("shape");
    return output.isTextual() ? Optional.of(output.asText()) : Optional.empty();
  }

  /** A shape by name; fails the test for a name the model does not define. */
  JsonNode shape(String name) {
    JsonNode shape = root.path("shapes").path(name);
    if (shape.isMissingNode()) {
      throw new AssertionError("EC2's service model has no shape " + name);
    }
    return shape;
  }
}
