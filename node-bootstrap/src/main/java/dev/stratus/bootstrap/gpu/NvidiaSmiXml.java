package dev.stratus.bootstrap.gpu;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Parses {@code nvidia-smi -q -x} (root {@code nvidia_smi_log}, one {@code gpu} per device) with a
 * parser that refuses any DTD and every external entity.
 *
 * <p>The real output's second line is {@code <!DOCTYPE nvidia_smi_log SYSTEM
 * "nvsmi_device_v12.dtd">}: a DOCTYPE the hardened parser would refuse. Exactly that line (root
 * name {@code nvidia_smi_log}, a SYSTEM id that is a bare {@code *.dtd} file name, no internal
 * subset) is removed before parsing, keeping its newline so error line numbers stay right; any
 * other DOCTYPE, and anything declaring entities, reaches the parser and is refused.
 */
public final class NvidiaSmiXml {
  private static final Pattern NVIDIA_DOCTYPE =
      Pattern.compile(
          "\\A(\\s*(?:<\\?xml[^?]*\\?>)?\\s*)<!DOCTYPE\\s+nvidia_smi_log\\s+SYSTEM\\s+"
              + "\"[A-Za-z0-9_.-]+\\.dtd\"\\s*>");

  private NvidiaSmiXml() {}

  /** Thrown for output that is not nvidia-smi's XML; the message says where and why. */
  public static final class BadXmlException extends Exception {
    private static final long serialVersionUID = 1L;

    public BadXmlException(String message) {
      super(message);
    }
  }

  public static List<GpuInfo> parse(String xml) throws BadXmlException {
    List<GpuInfo> gpus = new ArrayList<>();
    for (Element gpu : gpus(xml)) {
      String id = gpu.getAttribute("id");
      String product = text(gpu, "product_name");
      if (product.isEmpty()) {
        throw new BadXmlException("nvidia-smi XML: <gpu id=\"" + id + "\"> has no product_name");
      }
      List<GpuInfo.MigDevice> migs = new ArrayList<>();
      for (Element md : children(child(gpu, "mig_devices"), "mig_device")) {
        migs.add(
            new GpuInfo.MigDevice(
                (int) number(text(md, "index")),
                (int)
                    number(
                        text(
                            child(child(md, "device_attributes"), "shared"),
                            "multiprocessor_count")),
                number(text(child(md, "fb_memory_usage"), "total"))));
      }
      gpus.add(
          new GpuInfo(
              id,
              product,
              number(text(child(gpu, "fb_memory_usage"), "total")),
              text(child(gpu, "mig_mode"), "current_mig"),
              text(child(gpu, "ecc_mode"), "current_ecc"),
              migs));
    }
    return gpus;
  }

  /**
   * The {@code gpu} elements of {@code nvidia-smi -q -x} output, read with the hardened parser; for
   * other readers of the same document ({@code dev.stratus.bootstrap.health.GpuHealthXml}).
   */
  public static List<Element> gpus(String xml) throws BadXmlException {
    Document doc = document(stripNvidiaDoctype(xml));
    Element root = doc.getDocumentElement();
    if (!root.getTagName().equals("nvidia_smi_log")) {
      throw new BadXmlException(
          "nvidia-smi XML: root element is <" + root.getTagName() + ">, expected <nvidia_smi_log>");
    }
    return children(root, "gpu");
  }

  static String stripNvidiaDoctype(String xml) {
    Matcher m = NVIDIA_DOCTYPE.matcher(xml);
    return m.lookingAt() ? m.group(1) + xml.substring(m.end()) : xml;
  }

  private static Document document(String xml) throws BadXmlException {
    try {
      DocumentBuilder b = factory().newDocumentBuilder();
      b.setErrorHandler(THROWING);
      b.setEntityResolver(
          (publicId, systemId) -> {
            throw new SAXException("external entity " + systemId + " refused");
          });
      return b.parse(new InputSource(new StringReader(xml)));
    } catch (SAXParseException e) {
      throw new BadXmlException(
          "nvidia-smi XML is malformed at line "
              + e.getLineNumber()
              + ", column "
              + e.getColumnNumber()
              + ": "
              + e.getMessage());
    } catch (SAXException | IOException | ParserConfigurationException e) {
      throw new BadXmlException("nvidia-smi XML cannot be parsed: " + e.getMessage());
    }
  }

  /** DOCTYPE refused outright (which also rules out entity expansion), nothing external loaded. */
  static DocumentBuilderFactory factory() throws ParserConfigurationException {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    f.setFeature("http://xml.org/sax/features/external-general-entities", false);
    f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    f.setXIncludeAware(false);
    f.setExpandEntityReferences(false);
    f.setNamespaceAware(false);
    return f;
  }

  private static final ErrorHandler THROWING =
      new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {}

        @Override
        public void error(SAXParseException e) throws SAXException {
          throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
          throw e;
        }
      };

  /** The child elements named {@code name}; none when {@code parent} is null. */
  public static List<Element> children(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    if (parent == null) {
      return out;
    }
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        out.add(e);
      }
    }
    return out;
  }

  /** The first child named {@code name}, or null (also for a null parent). */
  public static Element child(Element parent, String name) {
    List<Element> c = children(parent, name);
    return c.isEmpty() ? null : c.get(0);
  }

  /** The trimmed text of the child, "" when absent. */
  public static String text(Element parent, String name) {
    Element c = child(parent, name);
    return c == null ? "" : c.getTextContent().strip();
  }

  /** The leading integer of "81559 MiB" or "42"; -1 for N/A or absent. */
  private static long number(String text) {
    Matcher m = Pattern.compile("\\A(\\d+)").matcher(text);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }
}
