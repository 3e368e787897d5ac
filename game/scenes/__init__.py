"""The screens of the game, found by name: ``app.routes.push("board", play=...)``.

This table is the only place that names the screens' modules: a screen opens another by its
route name (see :mod:`game.routes`), never by importing it. Each name stands for a function
``(app, **args) -> Scene | None`` (a scene class, or a function that may build nothing and
say why). A screen's arguments are its constructor's.
"""
from __future__ import annotations

#: route name -> "module:function"
ROUTES: dict[str, str] = {
    "menu": "game.scenes.menu:MenuScene",  # focus=game key
    # the first start: which language to speak, then the menu
    "language": "game.scenes.language:LanguageScene",  # focus=language
    "settings": "game.scenes.settings:SettingsScene",
    "rules": "game.scenes.rules:RulesScene",  # game_key=, technique=
    "setup": "game.scenes.setup:SetupScene",  # variant=, options=, flip=, own=
    "board": "game.scenes.board.scene:BoardScene",  # play=, start_in=, flip_each_move=, file=
    "chapaev-setup": "game.scenes.chapaev.setup:ChapaevSetupScene",  # prefs=
    "chapaev": "game.scenes.chapaev.scene:ChapaevScene",  # play=, aim=, start_in=, file=
    "games": "game.scenes.games.games_screen:GamesScene",
    "pdn-list": "game.scenes.games.pdn_list:PdnListScene",  # games=, name=, pasted=
    "files": "game.scenes.games.files:FileScene",  # folder=
    "editor": "game.scenes.editor:EditorScene",  # variant=
    # the combinations trainer: game= a variant key, technique= a Technique value or None
    "trainer": "game.scenes.trainer.scene:TrainerScene",
    # play over the network: host, join, the games found here; the join form
    "network": "game.scenes.network.lobby:NetworkScene",
    "join": "game.scenes.network.join:JoinScene",  # address=, port=, code=, friend=, game=
    # a friend anywhere, through magic-wormhole's servers: join by a code; the servers
    "join-code": "game.scenes.network.join_code:JoinCodeScene",  # code=
    "net-servers": "game.scenes.network.servers:ServersScene",
    # International draughts with a DXP program: ask one for a game, or wait for one
    "dxp-play": "game.scenes.network.dxp_play:DxpPlayScene",  # address=, port=
    "dxp-wait": "game.scenes.network.dxp_wait:DxpWaitScene",  # port=
    "name": "game.scenes.games.name_dialog:NameDialog",  # question=, text=, on_done=, limit=,
    # opened_by= (the letter of the key that opened it, not typed)
    "confirm": "game.scenes.common.dialog:ConfirmDialog",  # question_key=, confirm_key=, ...
    # a saved record, a PDN game, a pasted text or a file's path: the screen that shows it
    # record= | pdn= | text= | path= | reading=; instead=, ask= (read first, then asked)
    "open": "game.scenes.games.opening:open_scene",
}
