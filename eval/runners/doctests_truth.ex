defmodule DoctestsTruth do
  @moduledoc """
  What ExUnit itself does with a test file, for eval/runners/doctests.py: an ExUnit formatter
  that writes to the file named by DOCTESTS_TRUTH one JSON object per line, `{"defined":
  [names]}` for each module (its tests in the order it defines them; ExUnit keeps them last
  defined first) and `{"name", "status", "task_id", "slow"}` for each finished test; and `examples/2`,
  the examples ExUnit.DocTest makes of a module: each doctest's name and its expressions'
  prompt lines and expected results as ExUnit holds them. Compiled with
  tests/all/support/jason_stand_in.ex, whose `Jason.encode/1` writes the JSON.
  """
  use GenServer

  @impl true
  def init(_opts), do: {:ok, []}

  @impl true
  def handle_cast({:module_started, %ExUnit.TestModule{tests: tests}}, lines) do
    names = for test <- Enum.reverse(tests), do: Atom.to_string(test.name)
    {:noreply, [json(%{"defined" => names}) | lines]}
  end

  def handle_cast({:test_finished, %ExUnit.Test{} = test}, lines) do
    status =
      case test.state do
        nil -> "pass"
        {:failed, _} -> "fail"
        {:invalid, _} -> "error"
        {:excluded, _} -> "excluded"
        {:skipped, _} -> "skipped"
      end

    task_id = if is_integer(test.tags[:task_id]), do: test.tags[:task_id], else: nil
    slow = test.tags[:slow] == true

    line = %{
      "name" => Atom.to_string(test.name),
      "status" => status,
      "task_id" => task_id,
      "slow" => slow
    }

    {:noreply, [json(line) | lines]}
  end

  def handle_cast({:suite_finished, _}, lines) do
    File.write!(System.fetch_env!("DOCTESTS_TRUTH"), Enum.reverse(lines))
    {:noreply, lines}
  end

  def handle_cast(_event, lines), do: {:noreply, lines}

  @doc "One JSON line per doctest of `module` with `opts`: its name and its examples' text."
  def examples(module, opts) do
    for {name, ast} <- ExUnit.DocTest.__doctests__(module, opts) do
      {_, parts} =
        Macro.prewalk(ast, [], fn
          {:=, _, [{var, _, ctx}, value]} = node, acc
          when var in [:formatted, :expected_expr, :message, :exception] and is_atom(ctx) ->
            {node, [{var, value} | acc]}

          node, acc ->
            {node, acc}
        end)

      json(%{"name" => name, "code" => code(Enum.reverse(parts))})
    end
  end

  # Each expression: its prompt lines, then its expected result (an exception as written).
  defp code([{:formatted, formatted}, {:expected_expr, expected} | rest]),
    do: [formatted <> "\n" <> expected | code(rest)]

  defp code([{:message, message}, {:formatted, formatted}, {:exception, exception} | rest]),
    do: [formatted <> "\n** (" <> inspect(exception) <> ") " <> message | code(rest)]

  defp code([{:formatted, formatted} | rest]), do: [formatted | code(rest)]
  defp code([_ | rest]), do: code(rest)
  defp code([]), do: []

  # JSON by the stand-in for Jason.encode/1 that tests/all/support/jason_stand_in.ex defines.
  defp json(map) do
    {:ok, text} = Jason.encode(map)
    [text, "\n"]
  end
end
