package dev.stratus.testkit.aws;

import java.io.StringReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.protocol.MarshallingType;
import software.amazon.awssdk.core.traits.ListTrait;

/**
 * Checks an EC2 answer against the AWS SDK's own generated type for it, for operations newer than
 * the installed botocore: each element must be one of the type's members, named as EC2 names it on
 * the wire (the member's unmarshalling location), lists of {@code <item>}s, and a leaf's text must
 * read as the member's type.
 */
final class Ec2SdkShapeCheck {
  /** What is wrong with {@code xml} as an answer of type {@code response}; empty when nothing. */
  List<String> problems(String xml, Supplier<? extends SdkPojo> response) {
    List<String> out = new ArrayList<>();
    try {
      var factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      Element root =
          factory
              .newDocumentBuilder()
              .parse(new InputSource(new StringReader(xml)))
              .getDocumentElement();
      structure(root, response.get(), root.getLocalName(), out);
    } catch (Exception e) {
      out.add("not XML: " + e.getMessage());
    }
    return out;
  }

  private static void structure(Element element, SdkPojo type, String path, List<String> out) {
    Map<String, SdkField<?>> byName =
        type.sdkFields().stream()
            .collect(Collectors.toMap(SdkField::unmarshallLocationName, f -> f, (a, b) -> a));
    for (Element child : children(element)) {
      String name = child.getLocalName();
      if (name.equals("requestId")) {
        continue; // every EC2 answer's, outside the result type
      }
      SdkField<?> field = byName.get(name);
      if (field == null) {
        out.add(path + "/" + name + ": not a member of " + typeName(type));
        continue;
      }
      value(child, field, path + "/" + name, out);
    }
  }

  private static void value(Element element, SdkField<?> field, String path, List<String> out) {
    MarshallingType<?> type = field.marshallingType();
    if (type == MarshallingType.SDK_POJO) {
      structure(element, field.constructor().get(), path, out);
    } else if (type == MarshallingType.LIST) {
      SdkField<?> member = field.getTrait(ListTrait.class).memberFieldInfo();
      for (Element item : children(element)) {
        if (!item.getLocalName().equals("item")) {
          out.add(path + "/" + item.getLocalName() + ": a list holds <item>s");
        } else {
          value(item, member, path + "/item", out);
        }
      }
    } else if (!children(element).isEmpty()) {
      out.add(path + ": a " + type + " has no elements inside");
    } else {
      scalar(element.getTextContent(), type, path, out);
    }
  }

  private static void scalar(String text, MarshallingType<?> type, String path, List<String> out) {
    try {
      if (type == MarshallingType.INTEGER) {
        Integer.parseInt(text);
      } else if (type == MarshallingType.LONG) {
        Long.parseLong(text);
      } else if (type == MarshallingType.BOOLEAN && !text.matches("true|false")) {
        out.add(path + ": '" + text + "' is not a boolean");
      } else if (type == MarshallingType.INSTANT) {
        Instant.parse(text);
      }
    } catch (RuntimeException e) {
      out.add(path + ": '" + text + "' is not a " + type);
    }
  }

  /** The generated type's name (its builder's enclosing class). */
  private static String typeName(SdkPojo type) {
    Class<?> c = type.getClass();
    return (c.getEnclosingClass() != null ? c.getEnclosingClass() : c).getSimpleName();
  }

  private static List<Element> children(Element e) {
    List<Element> out = new ArrayList<>();
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element child) {
        out.add(child);
      }
    }
    return out;
  }
}
