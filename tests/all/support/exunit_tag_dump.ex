defmodule ExUnitTagDump do
  @moduledoc """
  An ExUnit formatter for this project's tests: writes one line per finished test to the
  file named by TAG_DUMP_FILE, `<hex of the test name><TAB><task_id or null>`, so the tests can
  compare real ExUnit names and task ids with what --parse-meta extracted; and to the same
  file name with `.order` after it, the hex of each test's name in the order its module
  defines its tests (ExUnit keeps them last defined first).
  """
  use GenServer

  @impl true
  def init(_opts), do: {:ok, {[], []}}

  @impl true
  def handle_cast({:test_finished, %ExUnit.Test{name: name, tags: tags}}, {lines, order}) do
    task_id = if is_integer(tags[:task_id]), do: Integer.to_string(tags[:task_id]), else: "null"
    {:noreply, {[[Base.encode16(Atom.to_string(name)), "\t", task_id, "\n"] | lines], order}}
  end

  def handle_cast({:module_started, %ExUnit.TestModule{tests: tests}}, {lines, order}) do
    defined = for test <- Enum.reverse(tests), do: [Base.encode16(Atom.to_string(test.name)), "\n"]
    {:noreply, {lines, [defined | order]}}
  end

  def handle_cast({:suite_finished, _times}, {lines, order}) do
    File.write!(System.fetch_env!("TAG_DUMP_FILE"), Enum.reverse(lines))
    File.write!(System.fetch_env!("TAG_DUMP_FILE") <> ".order", Enum.reverse(order))
    {:noreply, {lines, order}}
  end

  def handle_cast(_event, lines), do: {:noreply, lines}
end
