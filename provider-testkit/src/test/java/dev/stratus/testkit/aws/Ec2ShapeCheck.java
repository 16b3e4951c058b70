package dev.stratus.testkit.aws;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.StringReader;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * Checks one EC2 answer against the operation's output shape in {@link Ec2ServiceModel}, by the ec2
 * protocol's rules (botocore's EC2 parser): the root is {@code <Operation>Response} in EC2's
 * namespace with a {@code requestId}; a structure's child elements are its members, each named by
 * its {@code locationName} (else the member name with its first letter lowercased) and present at
 * most once; a list's children are all {@code <item>} (its member's {@code locationName}); scalars
 * hold text only, of their type (integer, long, boolean, timestamp in ISO 8601, double, float,
 * base64 blob) and, for an enum, one of its values. An operation without an output shape answers
 * {@code requestId} and at most {@code <return>true|false</return>}, as the EC2 API reference
 * documents for such actions. An error answer must be EC2's {@code
 * <Response><Errors><Error><Code/><Message/></Error></Errors><RequestID/></Response>}.
 */
final class Ec2ShapeCheck {
  private final Ec2ServiceModel service;

  Ec2ShapeCheck(Ec2ServiceModel service) {
    this.service = service;
  }

  /** Every way {@code xml}, an answer to {@code operation}, departs from EC2's; empty if none. */
  List<String> problems(String operation, String xml) {
    List<String> out = new ArrayList<>();
    Element root;
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setNamespaceAware(true);
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      root =
          f.newDocumentBuilder().parse(new InputSource(new StringReader(xml))).getDocumentElement();
    } catch (Exception e) {
      return List.of(operation + ": not well-formed XML: " + e.getMessage());
    }
    if (root.getLocalName().equals("Response")) {
      error(root, out);
      return out;
    }
    String path = operation + "Response";
    if (!root.getLocalName().equals(path)) {
      out.add(root.getLocalName() + ": the root of an answer to " + operation + " is " + path);
      return out;
    }
    if (root.getNamespaceURI() == null
        || !root.getNamespaceURI().startsWith(service.xmlNamespace())) {
      out.add(path + ": namespace " + root.getNamespaceURI() + " is not " + service.xmlNamespace());
    }
    List<Element> rest = new ArrayList<>();
    for (Element e : children(root, path, out)) {
      if (e.getLocalName().equals("requestId")) {
        scalar(e, path + "/requestId", service.shape("String"), out);
      } else {
        rest.add(e);
      }
    }
    var output = service.outputShape(operation);
    if (output.isPresent()) {
      structure(rest, path, output.get(), out);
    } else {
      for (Element e : rest) {
        if (e.getLocalName().equals("return")) {
          scalar(e, path + "/return", service.shape("Boolean"), out);
        } else {
          out.add(path + "/" + e.getLocalName() + ": " + operation + " has no output shape");
        }
      }
    }
    return out;
  }

  private void check(Element e, String path, String shapeName, List<String> out) {
    JsonNode shape = service.shape(shapeName);
    switch (shape.path("type").asText()) {
      case "structure" -> structure(children(e, path, out), path, shapeName, out);
      case "list" -> {
        JsonNode member = shape.path("member");
        String item = member.path("locationName").asText("item");
        for (Element child : children(e, path, out)) {
          if (!child.getLocalName().equals(item)) {
            out.add(path + "/" + child.getLocalName() + ": " + shapeName + " lists <" + item + ">");
          } else {
            check(child, path + "/" + item, member.path("shape").asText(), out);
          }
        }
      }
      default -> scalar(e, path, shape, out);
    }
  }

  private void structure(List<Element> elements, String path, String shapeName, List<String> out) {
    JsonNode members = service.shape(shapeName).path("members");
    Set<String> seen = new HashSet<>();
    for (Element e : elements) {
      String name = e.getLocalName();
      String member = memberNamed(members, name);
      if (member == null) {
        out.add(path + "/" + name + ": " + shapeName + " has no member named " + name);
      } else if (!seen.add(name)) {
        out.add(path + "/" + name + ": " + shapeName + "." + member + " appears twice");
      } else {
        check(e, path + "/" + name, members.path(member).path("shape").asText(), out);
      }
    }
  }

  /** The member whose wire name is {@code element}, or null. */
  private static String memberNamed(JsonNode members, String element) {
    for (Iterator<Map.Entry<String, JsonNode>> it = members.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> m = it.next();
      String key = m.getKey();
      String wire =
          m.getValue()
              .path("locationName")
              .asText(Character.toLowerCase(key.charAt(0)) + key.substring(1));
      if (wire.equals(element)) {
        return key;
      }
    }
    return null;
  }

  private void scalar(Element e, String path, JsonNode shape, List<String> out) {
    if (hasElements(e)) {
      out.add(path + ": a " + shape.path("type").asText() + " holds no elements");
      return;
    }
    String v = e.getTextContent();
    String type = shape.path("type").asText();
    if (!fits(type, v)) {
      out.add(path + ": '" + v + "' is not a " + type);
    }
    JsonNode values = shape.path("enum");
    if (values.isArray() && !contains(values, v)) {
      out.add(path + ": '" + v + "' is none of " + values);
    }
  }

  private static boolean fits(String type, String v) {
    try {
      switch (type) {
        case "integer" -> Integer.parseInt(v);
        case "long" -> Long.parseLong(v);
        case "double", "float" -> Double.parseDouble(v);
        case "timestamp" -> OffsetDateTime.parse(v);
        case "blob" -> Base64.getDecoder().decode(v);
        case "boolean" -> {
          return v.equals("true") || v.equals("false");
        }
        case "string" -> {
          return true;
        }
        default -> {
          return false; // a type this check does not know is a problem, not a pass
        }
      }
      return true;
    } catch (NumberFormatException | DateTimeParseException e) {
      return false;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static boolean contains(JsonNode values, String v) {
    for (JsonNode value : values) {
      if (value.asText().equals(v)) {
        return true;
      }
    }
    return false;
  }

  private void error(Element root, List<String> out) {
    Set<String> seen = new HashSet<>();
    for (Element e : children(root, "Response", out)) {
      String name = e.getLocalName();
      if (!seen.add(name) || !(name.equals("Errors") || name.equals("RequestID"))) {
        out.add("Response/" + name + ": an EC2 error has one Errors and one RequestID");
      } else if (name.equals("Errors")) {
        for (Element error : children(e, "Response/Errors", out)) {
          Set<String> fields = new HashSet<>();
          for (Element f : children(error, "Response/Errors/Error", out)) {
            if (!fields.add(f.getLocalName())) {
              out.add("Response/Errors/Error/" + f.getLocalName() + ": appears twice");
            }
          }
          if (!error.getLocalName().equals("Error") || !fields.equals(Set.of("Code", "Message"))) {
            out.add(
                "Response/Errors/" + error.getLocalName() + ": not an Error with Code, Message");
          }
        }
      }
    }
    if (!seen.equals(Set.of("Errors", "RequestID"))) {
      out.add("Response: an EC2 error has Errors and RequestID, this one " + seen);
    }
  }

  /** The element children of a structure or list {@code e}; text in it is a problem. */
  private static List<Element> children(Element e, String path, List<String> out) {
    List<Element> elements = new ArrayList<>();
    boolean text = false;
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element child) {
        elements.add(child);
      } else if (n.getNodeType() == Node.TEXT_NODE && !n.getNodeValue().isBlank()) {
        text = true;
      }
    }
    if (text) {
      out.add(path + ": text where a structure or list belongs");
    }
    return elements;
  }

  private static boolean hasElements(Element e) {
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element) {
        return true;
      }
    }
    return false;
  }
}
