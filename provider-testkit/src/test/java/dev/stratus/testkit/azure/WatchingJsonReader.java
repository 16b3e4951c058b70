package dev.stratus.testkit.azure;

import com.azure.json.JsonReader;
import com.azure.json.JsonToken;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * A JSON reader that hands the Azure SDK's generated {@code fromJson} code the document and notes
 * where the SDK's model disagrees with it. That code skips the children of every member its type
 * does not have ({@code skipChildren()} in its unknown-field branch): each skip is an unknown
 * member. It asks for a string, number or boolean where its type has one: a token of another kind
 * there is a wrong type. Calls from {@link JsonReader}'s own helpers (untyped reads, text) are not
 * the model's and are not judged.
 */
final class WatchingJsonReader extends JsonReader {
  /** Where the reader is: one frame per open object or array. */
  private static final class Frame {
    final boolean array;
    String field;
    int index = -1;

    Frame(boolean array) {
      this.array = array;
    }
  }

  private static final StackWalker STACK =
      StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
  private final JsonReader delegate;
  private final List<String> problems;
  private final String root;
  private final Deque<Frame> frames = new ArrayDeque<>();

  WatchingJsonReader(JsonReader delegate, String root, List<String> problems) {
    this.delegate = delegate;
    this.root = root;
    this.problems = problems;
  }

  @Override
  public JsonToken currentToken() {
    return delegate.currentToken();
  }

  @Override
  public JsonToken nextToken() throws IOException {
    JsonToken t = delegate.nextToken();
    Frame top = frames.peek();
    if (top != null && top.array && t != JsonToken.END_ARRAY) {
      top.index++;
    }
    switch (t) {
      case FIELD_NAME -> frames.peek().field = delegate.getFieldName();
      case START_OBJECT -> frames.push(new Frame(false));
      case START_ARRAY -> frames.push(new Frame(true));
      case END_OBJECT, END_ARRAY -> frames.pop();
      default -> {}
    }
    return t;
  }

  @Override
  public void skipChildren() throws IOException {
    JsonToken t = delegate.currentToken();
    boolean container = t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY;
    if (!calledByJsonReader()) {
      // the member's own frame is open when its value is an object or array
      problems.add(path(container ? 1 : 0) + ": " + caller() + " has no such member");
    }
    delegate.skipChildren();
    if (container) {
      frames.pop();
    }
  }

  @Override
  public String getString() throws IOException {
    expect(JsonToken.STRING, "a string");
    return delegate.getString();
  }

  @Override
  public byte[] getBinary() throws IOException {
    expect(JsonToken.STRING, "base64 bytes");
    return delegate.getBinary();
  }

  @Override
  public boolean getBoolean() throws IOException {
    expect(JsonToken.BOOLEAN, "a boolean");
    return delegate.getBoolean();
  }

  @Override
  public float getFloat() throws IOException {
    expect(JsonToken.NUMBER, "a number");
    return delegate.getFloat();
  }

  @Override
  public double getDouble() throws IOException {
    expect(JsonToken.NUMBER, "a number");
    return delegate.getDouble();
  }

  @Override
  public int getInt() throws IOException {
    expectInteger();
    return delegate.getInt();
  }

  @Override
  public long getLong() throws IOException {
    expectInteger();
    return delegate.getLong();
  }

  @Override
  public String getFieldName() throws IOException {
    return delegate.getFieldName();
  }

  @Override
  public String getRawText() throws IOException {
    return delegate.getRawText();
  }

  @Override
  public JsonReader bufferObject() throws IOException {
    String at = path();
    JsonReader buffered = delegate.bufferObject(); // consumes the object: its frame ends here
    frames.pop();
    return new WatchingJsonReader(buffered, at, problems);
  }

  @Override
  public boolean isResetSupported() {
    return delegate.isResetSupported();
  }

  @Override
  public JsonReader reset() throws IOException {
    return new WatchingJsonReader(delegate.reset(), root, problems);
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }

  private void expect(JsonToken token, String what) {
    if (delegate.currentToken() != token && !calledByJsonReader()) {
      problems.add(
          path() + ": " + caller() + " reads " + what + ", not " + delegate.currentToken());
    }
  }

  private void expectInteger() throws IOException {
    expect(JsonToken.NUMBER, "an integer");
    if (delegate.currentToken() == JsonToken.NUMBER && !delegate.getRawText().matches("-?\\d+")) {
      problems.add(path() + ": " + caller() + " reads an integer, not " + delegate.getRawText());
    }
  }

  /** The member or element the reader is at, e.g. {@code VirtualMachine.properties.vmId}. */
  String path() {
    return path(0);
  }

  private String path(int innermostLeftOut) {
    StringBuilder s = new StringBuilder(root);
    var it = frames.descendingIterator();
    for (int n = frames.size() - innermostLeftOut; n > 0 && it.hasNext(); n--) {
      Frame f = it.next();
      s.append(f.array ? "[" + f.index + "]" : "." + f.field);
    }
    return s.toString();
  }

  /** The class whose code called this reader (outside the reader classes). */
  private static String caller() {
    return STACK
        .walk(
            s ->
                s.map(StackWalker.StackFrame::getDeclaringClass)
                    .filter(c -> c != WatchingJsonReader.class && c != JsonReader.class)
                    .findFirst())
        .map(Class::getSimpleName)
        .orElse("?");
  }

  /**
   * Whether one of {@link JsonReader}'s untyped helpers made the call (readUntyped, getText,
   * readChildren, readRemainingFieldsAsJsonObject): they read whatever is there. Its typed helpers
   * (getNullable, readArray, readMap, readObject) act for the model and are judged.
   */
  private static boolean calledByJsonReader() {
    return STACK.walk(
        s ->
            s.filter(f -> f.getDeclaringClass() != WatchingJsonReader.class)
                .takeWhile(f -> f.getDeclaringClass() == JsonReader.class)
                .map(StackWalker.StackFrame::getMethodName)
                .anyMatch(
                    m ->
                        m.startsWith("readUntyped")
                            || m.startsWith("getText")
                            || m.startsWith("readChildren")
                            || m.startsWith("readRemaining")));
  }
}
