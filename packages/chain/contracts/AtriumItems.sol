// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/**
 * Atrium's digital items (SPEC §3 "Wallet"): one ERC-1155 collection holding
 * - the coin, token id 7, fungible with 18 decimals, with its own metadata URL;
 * - items (posters, collectibles), each with a price in coins, a category and a melt value;
 * - avatars, minted at most once per address, which unlock looks for the character.
 *
 * Coins pay for items and avatars; melting burns an item and pays its melt value back in coins.
 * The owner keeps the admin list; admins list items, give items (getItem) and mint coins.
 */
contract AtriumItems is ERC1155, Ownable, ReentrancyGuard {
    uint256 public constant COIN = 7;

    struct Item {
        uint256 price; // in coin units (18 decimals); 0 means it cannot be bought
        uint256 meltValue; // coins paid back per item melted; 0 means it cannot be melted
        uint8 category;
        bool avatar;
        bool free; // anyone may take one, once per address (free-get)
        bool listed;
    }

    mapping(uint256 => Item) private _items;
    uint256[] private _itemIds;
    mapping(address => bool) private _admins;
    address[] private _adminList;
    mapping(uint256 => mapping(address => bool)) private _freeTaken;
    string private _coinUri;

    event AdminChanged(address indexed account, bool isAdmin);
    event ItemListed(uint256 indexed id, uint256 price, uint256 meltValue, uint8 category, bool avatar, bool free);
    event ItemBought(address indexed buyer, uint256 indexed id, uint256 amount, uint256 cost);
    event ItemGiven(address indexed to, uint256 indexed id, uint256 amount);
    event ItemMelted(address indexed holder, uint256 indexed id, uint256 amount, uint256 coins);
    event AvatarMinted(address indexed holder, uint256 indexed id);

    error NotAdmin(address account);
    error UnknownItem(uint256 id);
    error CoinIsNotAnItem();
    error NotForSale(uint256 id);
    error NotAnAvatar(uint256 id);
    error IsAnAvatar(uint256 id);
    error NotFree(uint256 id);
    error AlreadyTaken(uint256 id, address account);
    error NotMeltable(uint256 id);
    error ZeroAmount();
    error InsufficientCoins(uint256 needed, uint256 held);

    modifier onlyAdmin() {
        if (!_admins[msg.sender] && msg.sender != owner()) revert NotAdmin(msg.sender);
        _;
    }

    constructor(address initialOwner, string memory itemUri, string memory coinUri)
        ERC1155(itemUri)
        Ownable(initialOwner)
    {
        _coinUri = coinUri;
    }

    // ---- admin roles (owner) ----

    function setAdmin(address account, bool isAdmin_) external onlyOwner {
        if (_admins[account] == isAdmin_) return;
        _admins[account] = isAdmin_;
        if (isAdmin_) {
            _adminList.push(account);
        } else {
            for (uint256 i = 0; i < _adminList.length; i++) {
                if (_adminList[i] == account) {
                    _adminList[i] = _adminList[_adminList.length - 1];
                    _adminList.pop();
                    break;
                }
            }
        }
        emit AdminChanged(account, isAdmin_);
    }

    function isAdmin(address account) external view returns (bool) {
        return _admins[account] || account == owner();
    }

    function admins() external view returns (address[] memory) {
        return _adminList;
    }

    // ---- catalogue (admins) ----

    function setItem(uint256 id, uint256 price, uint256 meltValue, uint8 category, bool avatar, bool free)
        external
        onlyAdmin
    {
        if (id == COIN) revert CoinIsNotAnItem();
        if (!_items[id].listed) _itemIds.push(id);
        _items[id] = Item(price, meltValue, category, avatar, free, true);
        emit ItemListed(id, price, meltValue, category, avatar, free);
    }

    function mintCoins(address to, uint256 amount) external onlyAdmin {
        if (amount == 0) revert ZeroAmount();
        _mint(to, COIN, amount, "");
    }

    /** getItem: an admin gives items to an account (a prize, a reward). */
    function getItem(address to, uint256 id, uint256 amount) external onlyAdmin nonReentrant {
        if (amount == 0) revert ZeroAmount();
        if (!_items[id].listed) revert UnknownItem(id);
        _mint(to, id, amount, "");
        emit ItemGiven(to, id, amount);
    }

    // ---- holders ----

    function buyItem(uint256 id, uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        Item memory it = _requireItem(id);
        if (it.avatar) revert IsAnAvatar(id);
        if (it.price == 0) revert NotForSale(id);
        uint256 cost = it.price * amount;
        _payCoins(msg.sender, cost);
        _mint(msg.sender, id, amount, "");
        emit ItemBought(msg.sender, id, amount, cost);
    }

    /** free-get: one free item per address. */
    function freeGetItem(uint256 id) external nonReentrant {
        Item memory it = _requireItem(id);
        if (!it.free) revert NotFree(id);
        if (_freeTaken[id][msg.sender]) revert AlreadyTaken(id, msg.sender);
        _freeTaken[id][msg.sender] = true;
        _mint(msg.sender, id, 1, "");
        emit ItemGiven(msg.sender, id, 1);
    }

    function meltItem(uint256 id, uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        Item memory it = _requireItem(id);
        if (it.meltValue == 0) revert NotMeltable(id);
        _burn(msg.sender, id, amount);
        uint256 coins = it.meltValue * amount;
        _mint(msg.sender, COIN, coins, "");
        emit ItemMelted(msg.sender, id, amount, coins);
    }

    function mintAvatar(uint256 id) external nonReentrant {
        Item memory it = _requireItem(id);
        if (!it.avatar) revert NotAnAvatar(id);
        if (balanceOf(msg.sender, id) > 0) revert AlreadyTaken(id, msg.sender);
        if (it.price > 0) _payCoins(msg.sender, it.price);
        _mint(msg.sender, id, 1, "");
        emit AvatarMinted(msg.sender, id);
    }

    // ---- views ----

    function item(uint256 id)
        external
        view
        returns (uint256 price, uint256 meltValue, uint8 category, bool avatar, bool free, bool listed)
    {
        Item memory it = _items[id];
        return (it.price, it.meltValue, it.category, it.avatar, it.free, it.listed);
    }

    function itemIds() external view returns (uint256[] memory) {
        return _itemIds;
    }

    function freeTaken(uint256 id, address account) external view returns (bool) {
        return _freeTaken[id][account];
    }

    /** The NFT lookup for one account: every listed item it holds, with the amounts. */
    function itemsOf(address account) external view returns (uint256[] memory ids, uint256[] memory amounts) {
        uint256 count = 0;
        for (uint256 i = 0; i < _itemIds.length; i++) {
            if (balanceOf(account, _itemIds[i]) > 0) count++;
        }
        ids = new uint256[](count);
        amounts = new uint256[](count);
        uint256 j = 0;
        for (uint256 i = 0; i < _itemIds.length; i++) {
            uint256 balance = balanceOf(account, _itemIds[i]);
            if (balance > 0) {
                ids[j] = _itemIds[i];
                amounts[j] = balance;
                j++;
            }
        }
    }

    function uri(uint256 id) public view override returns (string memory) {
        return id == COIN ? _coinUri : super.uri(id);
    }

    // ---- internals ----

    function _requireItem(uint256 id) private view returns (Item memory) {
        if (id == COIN) revert CoinIsNotAnItem();
        Item memory it = _items[id];
        if (!it.listed) revert UnknownItem(id);
        return it;
    }

    function _payCoins(address from, uint256 cost) private {
        uint256 held = balanceOf(from, COIN);
        if (held < cost) revert InsufficientCoins(cost, held);
        _burn(from, COIN, cost);
    }
}
