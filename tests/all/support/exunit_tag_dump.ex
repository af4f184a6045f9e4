defmodule ExUnitTagDump do
  @moduledoc """
  An ExUnit formatter for this project's tests: writes one line per finished test to the
  file named by TAG_DUMP_FILE, `<hex of the test name><TAB><task_id or null>`, so the tests can
  compare real ExUnit names and task ids with what --parse-meta extracted.
  """
  use GenServer

  @impl true
  def init(_opts), do: {:ok, []}

  @impl true
  def handle_cast({:test_finished, %ExUnit.Test{name: name, tags: tags}}, lines) do
    task_id = if is_integer(tags[:task_id]), do: Integer.to_string(tags[:task_id]), else: "null"
    {:noreply, [[Base.encode16(Atom.to_string(name)), "\t", task_id, "\n"] | lines]}
  end

  def handle_cast({:suite_finished, _times}, lines) do
    File.write!(System.fetch_env!("TAG_DUMP_FILE"), Enum.reverse(lines))
    {:noreply, lines}
  end

  def handle_cast(_event, lines), do: {:noreply, lines}
end
